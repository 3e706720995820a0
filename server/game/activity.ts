import type { SelectQueryBuilder } from 'kysely'
import type { ActivityStreamElement } from '../../src/api/activity'
import { defaultGroupId } from '../../src/api/groups'
import { fromHundredths } from '../../src/domain/currency'
import { bankWonPot } from '../../src/domain/parimutuel'
import { evaluationDelayMs, evaluationTimeOf, isCorrectPrediction } from '../../src/domain/prediction'
import type { AppContext } from '../context'
import type { Database, Executor } from '../db/database'
import type { UserGroupRow } from '../db/tables/groups.table'
import { evalPriceColumn, evaluatedAtColumn, predictionsWithEvaluation } from './evaluated-predictions'
import { groupWinnerElements } from './group-winners'
import { activeMemberIds } from './groups.repo'
import { membersNewest } from './members-newest'
import { nextPoll } from './poll-opening'
import { ofKnownTitles, resultsColumns, resultsOfRow } from './polls.read'
import { titlesOf } from './rankings'

/**
 * The activity stream of a group: its active members' predictions (made, and evaluated) and bets, the
 * polls (opened, settled; the Bank taking a pot nobody called), the group's weekly winners and the next
 * poll start, newest first. An event's stream keeps to its titles (its winners are its own). Each kind is
 * read newest first through an index on its time column and only as many rows as a page can take, then
 * the kinds are merged. A group's own predictions and bets are read per member (members-newest.ts), by
 * the (user, time) indexes: a page of each member's, whatever their history.
 */

/**
 * Which rows a source reads: older than `before`, or exactly at `at`; at most `limit`; none older than
 * `since` (the sources read before already fill the page down to it: older rows could not make it).
 */
interface Window {
  before?: number
  at?: number
  limit?: number
  since?: number
}

interface StreamScope {
  groupId: number
  /** the group's active members; undefined for group 1000, which every player is in */
  memberIds?: readonly number[]
  /** empty: every title */
  titleIds: readonly number[]
  knownTitleIds: readonly number[]
  now: number
}

type Source = (db: Executor, scope: StreamScope, window: Window) => Promise<ActivityStreamElement[]>

interface PredictionRow {
  userId: number
  username: string
  titleId: number
  messageId: string
  trend: 'Up' | 'Down'
  atPrice: number
  evalPrice: number | null
  evaluatedAt: number | null
  createdAt: number
  rewardFactor: number
}

/** One player's predictions, or every player's (undefined). */
function predictionQuery(db: Executor, scope: StreamScope, userId: number | undefined) {
  let query = predictionsWithEvaluation(db)
    .innerJoin('users as u', 'u.id', 't.userId')
    .select([
      't.userId',
      'u.username',
      't.titleId',
      't.messageId',
      't.trend',
      't.atPrice',
      evalPriceColumn,
      evaluatedAtColumn,
      't.createdAt',
      't.rewardFactor',
    ])
  if (userId !== undefined) query = query.where('t.userId', '=', userId)
  if (scope.titleIds.length > 0) query = query.where('t.titleId', 'in', scope.titleIds)
  return query
}

/**
 * A source's rows: `query` over every player, or over each member (membersNewest), newest first by
 * `timeColumn`, at most the window's limit.
 */
function readRows<Row extends Record<string, unknown>>(
  db: Executor,
  scope: StreamScope,
  window: Window,
  query: (userId: number | undefined) => SelectQueryBuilder<Database, never, Row>,
  timeColumn: keyof Row & string,
): Promise<Row[]> {
  if (scope.memberIds) return membersNewest(db, scope.memberIds, query, timeColumn, window.limit)
  const all = query(undefined)
  return (window.limit === undefined ? all : all.limit(window.limit)).execute()
}

function predictionData(row: PredictionRow) {
  return {
    userId: row.userId,
    username: row.username,
    titleId: row.titleId,
    messageId: row.messageId,
    trend: row.trend,
    atPrice: row.atPrice,
    evalPrice: row.evalPrice,
    evaluatedAt: row.evaluatedAt,
    createdAt: row.createdAt,
    rewardFactor: row.rewardFactor,
    correct: row.evalPrice === null ? null : isCorrectPrediction(row.trend, row.atPrice, row.evalPrice),
  }
}

const predictionsMade: Source = async (db, scope, window) => {
  const made = (userId: number | undefined) => {
    let query = predictionQuery(db, scope, userId)
    if (window.at !== undefined) query = query.where('t.createdAt', '=', window.at)
    else if (window.before !== undefined) query = query.where('t.createdAt', '<', window.before)
    if (window.since !== undefined) query = query.where('t.createdAt', '>=', window.since)
    return query.orderBy('t.createdAt', 'desc')
  }
  const rows = await readRows(db, scope, window, made, 'createdAt')
  return rows.map((row) => ({
    type: 'TaggedMessage' as const,
    timestamp: row.createdAt,
    evaluationTime: evaluationTimeOf(row.createdAt),
    evalPrice: row.evalPrice,
    data: predictionData(row),
  }))
}

/**
 * Evaluations happen at a fixed delay after creation (evaluatedAt = evaluationDueAt = createdAt + 3 h),
 * so they are read newest first through the created_at index too. None is due after `now` (the job
 * evaluates up to the server clock), so the index range starts at the newest due prediction: the
 * running ones of the last 3 h, most of the newest rows, are never visited.
 */
const predictionsEvaluated: Source = async (db, scope, window) => {
  if (window.at !== undefined && window.at > scope.now) return []
  const evaluated = (userId: number | undefined) => {
    let query = predictionQuery(db, scope, userId).where('p.price', 'is not', null)
    if (window.at !== undefined) {
      query = query
        .where('t.evaluationDueAt', '=', window.at)
        .where('t.createdAt', '=', window.at - evaluationDelayMs)
    } else if (window.before !== undefined && window.before <= scope.now) {
      query = query
        .where('t.evaluationDueAt', '<', window.before)
        .where('t.createdAt', '<', window.before - evaluationDelayMs)
    } else {
      query = query
        .where('t.evaluationDueAt', '<=', scope.now)
        .where('t.createdAt', '<=', scope.now - evaluationDelayMs)
    }
    if (window.since !== undefined)
      query = query
        .where('t.evaluationDueAt', '>=', window.since)
        .where('t.createdAt', '>=', window.since - evaluationDelayMs)
    return query.orderBy('t.createdAt', 'desc')
  }
  const rows = await readRows(db, scope, window, evaluated, 'createdAt')
  return rows.map((row) => {
    const evaluatedAt = row.evaluatedAt ?? evaluationTimeOf(row.createdAt)
    return {
      type: 'TaggedMessage' as const,
      timestamp: evaluatedAt,
      evaluationTime: evaluatedAt,
      evalPrice: row.evalPrice,
      data: predictionData(row),
    }
  })
}

/** When a hidden bet's side and stake show: its poll's end of betting. */
const hiddenUntil = new WeakMap<ActivityStreamElement, number>()

/** Side and stake of a bet show once betting has closed: until then players see only counts. */
const bets: Source = async (db, scope, window) => {
  const ofPlayers = (userId: number | undefined) => {
    let query = db
      .selectFrom('votes as v')
      .innerJoin('users as u', 'u.id', 'v.userId')
      .innerJoin('polls as p', 'p.id', 'v.pollId')
      .select([
        'v.id',
        'v.pollId',
        'p.titleId',
        'p.endTime',
        'u.id as userId',
        'u.username',
        'v.vote',
        'v.ttcBet',
        'v.createdAt',
      ])
    if (userId !== undefined) query = query.where('v.userId', '=', userId)
    if (scope.titleIds.length > 0) query = query.where('p.titleId', 'in', scope.titleIds)
    if (window.at !== undefined) query = query.where('v.createdAt', '=', window.at)
    else if (window.before !== undefined) query = query.where('v.createdAt', '<', window.before)
    if (window.since !== undefined) query = query.where('v.createdAt', '>=', window.since)
    return query.orderBy('v.createdAt', 'desc')
  }
  const rows = await readRows(db, scope, window, ofPlayers, 'createdAt')
  return rows.map((row) => {
    const open = scope.now < row.endTime
    const element: ActivityStreamElement = {
      type: 'Vote',
      timestamp: row.createdAt,
      data: {
        pollId: row.pollId,
        titleId: row.titleId,
        userId: row.userId,
        username: row.username,
        vote: open ? null : row.vote,
        ttcBet: open ? null : fromHundredths(row.ttcBet),
      },
    }
    if (open) hiddenUntil.set(element, row.endTime)
    return element
  })
}

function pollQuery(db: Executor, scope: StreamScope) {
  let query = db
    .selectFrom('polls')
    .select([
      'id',
      'titleId',
      'priceBase',
      'startTime',
      'endTime',
      'evalTime',
      'evalPrice',
      'outcome',
      'settledAt',
      ...resultsColumns,
    ])
    .where(ofKnownTitles(scope.knownTitleIds))
  if (scope.titleIds.length > 0) query = query.where('titleId', 'in', scope.titleIds)
  return query
}

type PollRow = Awaited<ReturnType<ReturnType<typeof pollQuery>['execute']>>[number]

function pollElement(poll: PollRow, event: 'opened' | 'settled', timestamp: number): ActivityStreamElement {
  const results = resultsOfRow(poll)
  // what a settled poll's line tells: whether the Bank took the pot, and how much it was
  const settlement =
    event === 'settled' ? { bankWon: bankWonPot(poll.outcome, results), pot: results.totalTtcBet } : {}
  return {
    type: 'Poll',
    timestamp,
    data: {
      pollId: poll.id,
      titleId: poll.titleId,
      event,
      priceBase: poll.priceBase,
      startTime: poll.startTime,
      endTime: poll.endTime,
      evalTime: poll.evalTime,
      evalPrice: event === 'settled' ? poll.evalPrice : null,
      outcome: event === 'settled' ? poll.outcome : null,
      ...settlement,
    },
  }
}

const pollsOpened: Source = async (db, scope, window) => {
  if (scope.knownTitleIds.length === 0) return []
  let query = pollQuery(db, scope)
  if (window.at !== undefined) query = query.where('startTime', '=', window.at)
  else if (window.before !== undefined) query = query.where('startTime', '<', window.before)
  if (window.since !== undefined) query = query.where('startTime', '>=', window.since)
  if (window.limit !== undefined) query = query.limit(window.limit)
  const rows = await query.orderBy('startTime', 'desc').execute()
  return rows.map((poll) => pollElement(poll, 'opened', poll.startTime))
}

const pollsSettled: Source = async (db, scope, window) => {
  if (scope.knownTitleIds.length === 0) return []
  let query = pollQuery(db, scope).where('settledAt', 'is not', null)
  if (window.at !== undefined) query = query.where('settledAt', '=', window.at)
  else if (window.before !== undefined) query = query.where('settledAt', '<', window.before)
  if (window.since !== undefined) query = query.where('settledAt', '>=', window.since)
  if (window.limit !== undefined) query = query.limit(window.limit)
  const rows = await query.orderBy('settledAt', 'desc').execute()
  return rows.map((poll) => pollElement(poll, 'settled', poll.settledAt ?? poll.evalTime))
}

/** The group's weekly winners, when their week was awarded. */
const groupWinners: Source = (db, scope, window) => groupWinnerElements(db, scope.groupId, window)

const sources: readonly Source[] = [
  predictionsMade,
  predictionsEvaluated,
  bets,
  pollsOpened,
  pollsSettled,
  groupWinners,
]

/** Orders elements of one timestamp the same way on every read. */
function tieKey(element: ActivityStreamElement): string {
  switch (element.type) {
    case 'TaggedMessage': {
      const { userId, messageId, titleId } = element.data
      return `0${element.timestamp === element.evaluationTime ? 1 : 0}:${userId}:${messageId}:${titleId}`
    }
    case 'Vote':
      return `1:${element.data.pollId}:${element.data.userId}`
    case 'Poll':
      return `2:${element.data.event}:${element.data.pollId}`
    case 'UserGroupWinners':
      return `3:${element.data.weekStart}`
    default:
      return '4'
  }
}

/** The `limit`-th newest timestamp found so far: an element older than it cannot make the page. */
function pageFloor(found: readonly ActivityStreamElement[], limit: number | undefined): number | undefined {
  if (limit === undefined || found.length < limit) return undefined
  return found.map((element) => element.timestamp).sort((a, b) => b - a)[limit - 1]
}

/** Newest first; elements of one timestamp always in the same order. */
function newestFirst(elements: ActivityStreamElement[]): ActivityStreamElement[] {
  const ties = new Map(elements.map((element) => [element, tieKey(element)]))
  return elements.sort((a, b) => {
    const [x, y] = [ties.get(a) as string, ties.get(b) as string]
    return b.timestamp - a.timestamp || (x < y ? -1 : x > y ? 1 : 0)
  })
}

/**
 * The sources' rows newest first. Each is read in the order of its time index alone (a tie-break
 * column would make the database sort every row older than `before`); elements of one timestamp are
 * ordered here, and a page holds all of a timestamp's or none. One after the other, each only down to
 * the page the sources before it already fill: in a busy game the newest predictions fill the state's
 * chronic, and the other sources, rebuilt after nearly every write, read next to nothing.
 */
async function readSources(db: Executor, scope: StreamScope, window: Window) {
  const found: ActivityStreamElement[] = []
  for (const source of sources) {
    const since = pageFloor(found, window.limit)
    found.push(...(await source(db, scope, since === undefined ? window : { ...window, since })))
  }
  return newestFirst(found)
}

export interface ActivityPage {
  elements: ActivityStreamElement[]
  /** game time from which the page may read differently (a poll's betting closes, the next poll opens) */
  validUntil: number
  /**
   * The first page's read before its cut: every element newer than the cut, then those of the cut's
   * timestamp that were read. What `firstPageAfterNew` puts new predictions and bets among; absent
   * when the page had to read a whole run of one timestamp.
   */
  read?: readonly ActivityStreamElement[]
}

async function streamScope(
  ctx: AppContext,
  db: Executor,
  group: UserGroupRow,
  now: number,
): Promise<StreamScope> {
  // Every player is in group 1000: no membership to look up.
  const memberIds =
    group.id === defaultGroupId
      ? undefined
      : (await activeMemberIds(db, group.id).execute()).map((member) => member.userId)
  return {
    groupId: group.id,
    memberIds,
    titleIds: titlesOf(group),
    knownTitleIds: ctx.market.titles().map((title) => title.id),
    now,
  }
}

/** A first page opens with the next poll's announcement; `room` is what it leaves for the sources. */
function firstPageStart(ctx: AppContext, now: number, limit: number) {
  const next = nextPoll(ctx, now)
  const head: ActivityStreamElement[] = [{ type: 'PollAnnouncement', timestamp: next.startTime, data: next }]
  return { head, room: Math.max(limit - head.length, 0) }
}

/**
 * The page from what the sources read (newest first, `room` + 1 asked of each): at most `room`
 * elements after `head`, never ending inside a run of one timestamp (a run longer than the page is read
 * whole).
 */
async function cutPage(
  db: Executor,
  scope: StreamScope,
  head: ActivityStreamElement[],
  found: readonly ActivityStreamElement[],
  room: number,
): Promise<ActivityPage> {
  const elements = [...head]
  let read: readonly ActivityStreamElement[] | undefined = found
  if (found.length <= room) {
    elements.push(...found)
  } else {
    const cut = (found[room] as ActivityStreamElement).timestamp
    let end = room
    while (end > 0 && (found[end - 1] as ActivityStreamElement).timestamp === cut) end -= 1
    if (end > 0) elements.push(...found.slice(0, end))
    else {
      elements.push(...(await readSources(db, scope, { at: cut })))
      read = undefined
    }
    // older than the cut can never make a first page again: what is added later is newer
    read = read?.filter((element) => element.timestamp >= cut)
  }
  let validUntil = Number.POSITIVE_INFINITY
  for (const element of elements) {
    if (element.type === 'PollAnnouncement') validUntil = Math.min(validUntil, element.timestamp)
    validUntil = Math.min(validUntil, hiddenUntil.get(element) ?? validUntil)
  }
  return { elements, validUntil, read }
}

/**
 * One page of the group's stream: at most `limit` elements older than `before` (the first page, without
 * `before`, starts with the next poll's announcement). A page never ends inside a run of elements with
 * one timestamp, so `before` = the last element's timestamp continues exactly; a run longer than the
 * page is returned whole.
 */
export async function activityPage(
  ctx: AppContext,
  db: Executor,
  group: UserGroupRow,
  options: { before?: number; limit: number; now: number },
): Promise<ActivityPage> {
  const { limit, now } = options
  const scope = await streamScope(ctx, db, group, now)
  const { head, room } =
    options.before === undefined ? firstPageStart(ctx, now, limit) : { head: [], room: Math.max(limit, 0) }
  const found = room > 0 ? await readSources(db, scope, { before: options.before, limit: room + 1 }) : []
  const page = await cutPage(db, scope, head, found, room)
  return options.before === undefined ? page : { ...page, read: undefined }
}

/** Where a page's new rows start: the newest prediction's and bet's time when the page before was read. */
export interface NewSince {
  /** undefined: no prediction was made since */
  predictions?: number
  /** undefined: no bet was made since */
  bets?: number
}

/**
 * The first page again when, since `previous` was read, nothing the stream shows changed but that
 * predictions or bets were made (none before its time in `since`): only those are read, and put among
 * the previous read as the sources would have returned them (an element read again replaces its copy),
 * then cut the same way. Undefined when `previous` cannot serve.
 */
export async function firstPageAfterNew(
  ctx: AppContext,
  db: Executor,
  group: UserGroupRow,
  previous: ActivityPage,
  since: NewSince,
  options: { limit: number; now: number },
): Promise<ActivityPage | undefined> {
  if (!previous.read) return undefined
  const { limit, now } = options
  const { head, room } = firstPageStart(ctx, now, limit)
  if (room === 0) return undefined
  const scope = await streamScope(ctx, db, group, now)
  const fresh: ActivityStreamElement[] = []
  if (since.predictions !== undefined)
    fresh.push(...(await predictionsMade(db, scope, { since: since.predictions, limit: room + 1 })))
  if (since.bets !== undefined) fresh.push(...(await bets(db, scope, { since: since.bets, limit: room + 1 })))
  const identity = (element: ActivityStreamElement) => `${element.timestamp}:${tieKey(element)}`
  const again = new Set(fresh.map(identity))
  const kept = previous.read.filter((element) => !again.has(identity(element)))
  return cutPage(db, scope, head, newestFirst([...fresh, ...kept]), room)
}
