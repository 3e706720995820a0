import { defaultGroupId, type Group } from '../../src/api/groups'
import type { OwnVote, Poll } from '../../src/api/polls'
import type { GroupRankings } from '../../src/api/rankings'
import { stateChronicElements, stateRankingRows } from '../../src/api/state'
import type { PublicUser } from '../../src/api/users'
import { keepRecent } from '../../src/domain/bounded-map'
import { fromHundredths } from '../../src/domain/currency'
import { pollPhase } from '../../src/domain/poll-phase'
import { periodSpan, rankingPeriods } from '../../src/domain/ranking-periods'
import { publicUserPayload } from '../auth/user-payload'
import type { AppContext } from '../context'
import { dataVersion } from '../db/data-version'
import type { Executor } from '../db/database'
import { inReadTransaction } from '../db/read-transaction'
import { type ActivityPage, activityPage, firstPageAfterNew } from './activity'
import { type GroupVersions, type Memberships, readGroupVersions } from './game-version'
import { publicGroupsFor } from './groups.repo'
import { type OwnBet, readOwnBets } from './own-bets'
import { listPolls } from './polls.read'
import { cachedRanking, standingsOf } from './rankings'
import { type StateBody, stateDigest } from './state-body'
import { launchTicket, VersionedCache } from './versioned-cache'

/**
 * `GET /v1/stockgame/state` as the JSON bytes to send. Each request reads the versions of what the
 * state shows and the caller's memberships (one statement); the answer is built from parts kept per
 * process while their versions hold:
 * - per group: rankings, chronic and the players they name, serialized once per change;
 * - for everybody: the poll list with everybody's counts, and the public groups;
 * - per caller: their own bets (read with the versions) and what the finished answer was built from,
 *   with its digest, until a version, their memberships or a poll's phase change, or a few seconds
 *   pass; the answer's bytes only for the callers who asked last (a caller who holds the digest needs
 *   none: told 304).
 * The group's part and the poll list change with nearly every write of a busy game: each is rebuilt
 * at most once at a time and once per `gatherMs`, for every caller whose versions were read before the
 * rebuild began (VersionedCache's tickets), in a read transaction of its own.
 */

interface SharedPart {
  /**
   * The answer's opening up to the caller's own part: `{"users":[…],"rankings":{…},"chronic":[…],` as
   * bytes, the same Buffer object for every answer built on this part, so that its compression and
   * digest are made once per part (see StateBody), not once per caller.
   */
  head: Buffer
  /** game time until which the chronic reads the same */
  validUntil: number
  /** what it was built from, for the next build after new predictions only */
  read: PartRead
}

/**
 * A shared part's reads. When the next key differs from this one's only by new predictions and bets
 * (most of a busy game's writes, and every one changes the chronic), the next part reads just those
 * and the players they name, and takes the rest from here.
 */
interface PartRead {
  /** the key without the predictions' and bets' versions */
  besidesNew: string
  /** the group's versions it was built for: newer predictions and bets are read next time */
  versions: GroupVersions
  /** wall time of the whole read this part descends from */
  wholeReadAt: number
  rankings: Record<string, GroupRankings>
  chronic: ActivityPage
  users: Map<number, PublicUser>
}

/**
 * The state for one caller: the digest of its bytes, and the bytes unless the caller holds them
 * already (`holds` said yes to the digest).
 */
export interface StateAnswer {
  readonly digest: string
  readonly body?: StateBody
}

/** A poll of the list as JSON text without its phase and votes (the caller's), which follow per request. */
interface PollText {
  poll: Poll
  head: string
}

/** A safety net for changes no version shows; the versions do the real work. */
const sharedMaxAgeMs = 60_000
/**
 * Public groups are read for everybody at once and kept this long: member counts, names and deletions
 * show within seconds (the client keeps a state 5 s anyway), a new group at once (its id is a version),
 * and the caller's own joins and leaves at once (their memberships are read with the versions).
 */
const freshMs = 3000
/** publicGroupsFor's limit: a list this long may be cut, and is read per caller instead. */
const publicGroupsListed = 200
/**
 * Callers whose last answer is known by its versions and digest (a few hundred bytes each): every
 * player of a busy process, so each is told 304 while nothing they see changed. The answers' bytes
 * (their own parts about 15 KB each, the heads are shared) are kept for `config.stateAnswersKept`.
 */
const answersKnown = 50_000
/**
 * Least time between two rebuilds of a shared part: bounds their cost (a group's part is a few ms)
 * at the price of that much more latency for a caller who arrives right after one began.
 */
const gatherMs = 50
/**
 * A part built on the one before (new predictions and bets only) is read whole again after this long:
 * what no version shows (a player's new name, a deleted account's predictions) shows within it.
 */
const wholeReadEveryMs = 5000

/** A caller's finished answer and what it was built from. */
interface Answer {
  activeGroupId: number
  /** dataVersion then: while it holds, nothing was written since */
  written: string
  /** the versions of everything the answer shows */
  key: string
  validUntil: number
  bornAt: number
  digest: string
}

interface StateCaches {
  shared: VersionedCache<SharedPart>
  polls: VersionedCache<PollText[]>
  publicGroups: VersionedCache<Group[]>
  /** by user id, least recently used first */
  answers: Map<number, Answer>
  /** the bytes of the answers sent last, by user id (always their answer's), least recently used first */
  bodies: Map<number, StateBody>
  /**
   * The lowest poll id of the poll list last built: the versions' statement reads the caller's bets
   * from it on, saving their own round trip while the list does not reach further back.
   */
  listedFrom?: number
}

const stateCaches = new WeakMap<object, StateCaches>()

function cachesOf(owner: object): StateCaches {
  let caches = stateCaches.get(owner)
  if (!caches) {
    caches = {
      shared: new VersionedCache(sharedMaxAgeMs, 500, gatherMs),
      polls: new VersionedCache(sharedMaxAgeMs, 4, gatherMs),
      publicGroups: new VersionedCache(freshMs, 4),
      answers: new Map(),
      bodies: new Map(),
    }
    stateCaches.set(owner, caches)
  }
  return caches
}

async function groupRankings(
  ctx: AppContext,
  db: Executor,
  versions: GroupVersions,
  now: number,
): Promise<GroupRankings> {
  const [thisWeek = [], lastWeek = [], allTime = []] = await Promise.all(
    rankingPeriods.map((period) => cachedRanking(ctx, db, versions, period, now)),
  )
  return {
    this_week: thisWeek.slice(0, stateRankingRows),
    last_week: lastWeek.slice(0, stateRankingRows),
    all_time: allTime.slice(0, stateRankingRows),
  }
}

async function publicUsers(
  ctx: AppContext,
  db: Executor,
  ids: readonly number[],
  now: number,
  everyone: GroupVersions,
): Promise<PublicUser[]> {
  if (ids.length === 0) return []
  const [rows, standings] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', ids).orderBy('id').execute(),
    standingsOf(ctx, db, ids, now, everyone),
  ])
  return rows.map((user) => publicUserPayload(user, standings.get(user.id)))
}

/**
 * The versions of what a group's shared part shows: `key`, all of them; `besidesNew`, all but those
 * of the predictions and bets (see PartRead).
 */
function sharedKey(active: GroupVersions, everyone: GroupVersions) {
  const besidesNew = [active.ranking, active.activityBesidesNew, active.trophies, everyone.ranking].join('|')
  return { key: `${besidesNew}|${active.predictions}|${active.bets}`, besidesNew }
}

/** Rankings of the group (and of group 1000), its chronic and the players they name. */
function sharedPart(
  ctx: AppContext,
  active: GroupVersions,
  everyone: GroupVersions,
  now: number,
  ticket: number,
): Promise<SharedPart> {
  const { key, besidesNew } = sharedKey(active, everyone)
  const build = (previous: SharedPart | undefined) => (db: Executor) =>
    buildSharedPart(ctx, db, { active, everyone, besidesNew, now }, previous)
  return cachesOf(ctx.db).shared.get(
    `group:${active.group.id}`,
    key,
    now,
    (previous) => inReadTransaction(ctx.db, build(previous)),
    ticket,
  )
}

/** The players the rankings and the chronic name. */
function namedIn(rankings: Record<string, GroupRankings>, chronic: ActivityPage): number[] {
  const named = new Set<number>()
  for (const ranking of Object.values(rankings))
    for (const rows of Object.values(ranking)) for (const row of rows) named.add(row.userId)
  for (const element of chronic.elements) {
    if ('userId' in element.data) named.add(element.data.userId)
    if (element.type === 'UserGroupWinners')
      for (const winner of element.data.winners) named.add(winner.userId)
  }
  return [...named]
}

/** What a part is built from: the rankings, the chronic, and the players named before, if kept. */
type Reads = Pick<PartRead, 'rankings' | 'chronic' | 'wholeReadAt' | 'users'>

async function readWhole(
  ctx: AppContext,
  db: Executor,
  active: GroupVersions,
  everyone: GroupVersions,
  now: number,
): Promise<Reads> {
  const groups = active.group.id === defaultGroupId ? [everyone] : [active, everyone]
  const rankings: Record<string, GroupRankings> = {}
  for (const versions of groups) rankings[versions.group.id] = await groupRankings(ctx, db, versions, now)
  const chronic = await activityPage(ctx, db, active.group, { limit: stateChronicElements, now })
  return { rankings, chronic, wholeReadAt: Date.now(), users: new Map() }
}

/**
 * The reads of the part before when only predictions and bets were made since: its rankings and the
 * players it named (their standings are the rankings', the same, and their badges the trophies', the
 * same key), its chronic with the new predictions and bets put among its previous read. Undefined
 * when the part has to be read whole.
 */
async function readAfterNew(
  ctx: AppContext,
  db: Executor,
  wanted: { active: GroupVersions; besidesNew: string; now: number },
  previous: SharedPart | undefined,
): Promise<Reads | undefined> {
  const before = previous?.read
  if (
    !before ||
    before.besidesNew !== wanted.besidesNew ||
    wanted.now >= previous.validUntil ||
    Date.now() - before.wholeReadAt >= wholeReadEveryMs
  )
    return undefined
  const { active } = wanted
  const since = {
    predictions:
      active.predictions === before.versions.predictions ? undefined : before.versions.newestPrediction,
    bets: active.bets === before.versions.bets ? undefined : before.versions.newestBet,
  }
  const chronic = await firstPageAfterNew(ctx, db, active.group, before.chronic, since, {
    limit: stateChronicElements,
    now: wanted.now,
  })
  return chronic && { ...before, chronic }
}

async function buildSharedPart(
  ctx: AppContext,
  db: Executor,
  wanted: { active: GroupVersions; everyone: GroupVersions; besidesNew: string; now: number },
  previous: SharedPart | undefined,
): Promise<{ value: SharedPart; validUntil: number }> {
  const { active, everyone, now } = wanted
  const reads =
    (await readAfterNew(ctx, db, wanted, previous)) ?? (await readWhole(ctx, db, active, everyone, now))
  const { rankings, chronic, wholeReadAt } = reads
  const named = namedIn(rankings, chronic)
  const users = new Map<number, PublicUser>()
  const unknown = named.filter((id) => !reads.users.has(id))
  for (const user of await publicUsers(ctx, db, unknown, now, everyone)) users.set(user.id, user)
  for (const id of named) {
    const user = reads.users.get(id)
    if (user) users.set(id, user)
  }
  const listed = [...users.values()].sort((a, b) => a.id - b.id)
  // rankings (and ranks) move on with the week
  const weekEnd = periodSpan('this_week', now, ctx.config.timeZone).to ?? Number.POSITIVE_INFINITY
  const validUntil = Math.min(chronic.validUntil, weekEnd)
  const head = Buffer.from(
    `{"users":${JSON.stringify(listed)},"rankings":${JSON.stringify(rankings)},"chronic":${JSON.stringify(chronic.elements)},`,
  )
  const read: PartRead = {
    besidesNew: wanted.besidesNew,
    versions: active,
    wholeReadAt,
    rankings,
    chronic,
    users,
  }
  return { value: { head, validUntil, read }, validUntil }
}

/** The newest polls with everybody's counts, the same for every caller, serialized once per change. */
function pollTexts(
  ctx: AppContext,
  versions: GroupVersions,
  now: number,
  ticket: number,
): Promise<PollText[]> {
  const build = async () => {
    // user 0 has no bets: the caller's are added per request, as is the phase (it moves with the clock)
    const polls = await inReadTransaction(ctx.db, (db) =>
      listPolls(db, {
        userId: 0,
        now,
        market: ctx.market,
        flatBand: ctx.config.pollFlatBand,
      }),
    )
    const caches = cachesOf(ctx.db)
    caches.listedFrom = polls.length === 0 ? undefined : Math.min(...polls.map((poll) => poll.pollId))
    return {
      value: polls.map((poll) => {
        const { phase: _phase, votes: _votes, ...rest } = poll
        return { poll, head: JSON.stringify(rest).slice(0, -1) }
      }),
    }
  }
  return cachesOf(ctx.db).polls.get('polls', versions.polls, now, build, ticket)
}

/**
 * The poll list as JSON text with the caller's bets and each poll's phase now; when a phase changes next.
 * `read` holds the bets the versions' statement read, from which poll on.
 */
async function pollsJson(
  ctx: AppContext,
  userId: number,
  versions: GroupVersions,
  now: number,
  ticket: number,
  read: { bets?: OwnBet[]; from?: number },
): Promise<{ json: string; validUntil: number }> {
  const polls = await pollTexts(ctx, versions, now, ticket)
  if (polls.length === 0) return { json: '[]', validUntil: Number.POSITIVE_INFINITY }
  const fromPollId = Math.min(...polls.map(({ poll }) => poll.pollId))
  // read with the versions unless the list now reaches further back than the one they were read for
  const own =
    read.bets !== undefined && read.from !== undefined && read.from <= fromPollId
      ? read.bets
      : await readOwnBets(ctx.db, userId, fromPollId)
  const ownByPoll = new Map(own.map((vote) => [vote.pollId, vote]))
  let validUntil = Number.POSITIVE_INFINITY
  const texts = polls.map(({ poll, head }) => {
    for (const change of [poll.endTime, poll.evalTime])
      if (change > now) validUntil = Math.min(validUntil, change)
    const vote = ownByPoll.get(poll.pollId)
    const votes: OwnVote[] = vote
      ? [
          {
            pollId: poll.pollId,
            userId,
            vote: vote.vote,
            ttcBet: fromHundredths(vote.ttcBet),
            createdAt: vote.createdAt,
            payout: vote.payout === null ? null : fromHundredths(vote.payout),
          },
        ]
      : []
    return `${head},"phase":"${pollPhase(poll, now)}","votes":${JSON.stringify(votes)}}`
  })
  return { json: `[${texts.join(',')}]`, validUntil }
}

/** Public groups the caller is not in (nor invited to), most members first: publicGroupsFor's answer. */
async function publicGroupsJson(
  ctx: AppContext,
  userId: number,
  memberships: Memberships,
  versions: GroupVersions,
  now: number,
): Promise<string> {
  // caller 0 is in no group: every public group
  const all = await cachesOf(ctx.db).publicGroups.get('public', versions.groups, now, async () => ({
    value: await publicGroupsFor(ctx.db, 0),
  }))
  if (all.length >= publicGroupsListed) return JSON.stringify(await publicGroupsFor(ctx.db, userId))
  return JSON.stringify(
    all.filter((group) => !memberships.active.has(group.id) && !memberships.invited.has(group.id)),
  )
}

const membershipKey = (memberships: Memberships) =>
  `${[...memberships.active].join(',')};${[...memberships.invited].join(',')}`

/** A caller's kept answer again: no bytes if they hold them; else its bytes, if still kept. */
function sentAgain(
  caches: StateCaches,
  userId: number,
  answer: Answer,
  holds: (digest: string) => boolean,
  limit: number,
): StateAnswer | undefined {
  if (holds(answer.digest)) return { digest: answer.digest }
  const body = caches.bodies.get(userId)
  if (!body) return undefined
  keepRecent(caches.bodies, userId, body, limit)
  return { digest: answer.digest, body }
}

/** What the answer shows, from the versions: equal keys, equal answers (while fresh and valid). */
function answerKey(activeGroupId: number, versions: Map<number, GroupVersions>, memberships: Memberships) {
  const everyone = versions.get(defaultGroupId)
  if (!everyone) throw new Error('group 1000 is missing')
  const candidate = versions.get(activeGroupId) ?? everyone
  const active = memberships.active.has(candidate.group.id) ? candidate : everyone
  const key = [
    active.group.id,
    sharedKey(active, everyone).key,
    everyone.polls,
    everyone.groups,
    membershipKey(memberships),
  ].join('|')
  return { key, active, everyone }
}

/**
 * The state of the game as the player sees it from their active group (group 1000 if they left it).
 * The caller's last answer holds while nothing was written since (one tiny statement tells, or the
 * version the caller read for this request), or, for a few seconds, while the versions of all it shows
 * hold (one statement, no transaction: other players' writes elsewhere cost a busy game no snapshot);
 * either way only while no poll changed phase, the chronic reads the same and the week is the same.
 * Otherwise the answer is put together from the shared parts, each read in a snapshot of its own, and
 * the caller's bets. Either way a caller who `holds` its digest gets no bytes.
 */
export async function gameState(
  ctx: AppContext,
  userId: number,
  activeGroupId: number,
  /** `dataVersion(ctx.db)` read by the caller for this request, if it did */
  writtenBefore: string | undefined,
  /** whether the caller holds the answer of this digest already (an HTTP validator it sent) */
  holds: (digest: string) => boolean = () => false,
): Promise<StateAnswer> {
  const now = ctx.clock.now()
  const caches = cachesOf(ctx.db)
  const { answers } = caches
  const bodiesKept = ctx.config.stateAnswersKept
  const last = answers.get(userId)
  const current = last !== undefined && last.activeGroupId === activeGroupId && now < last.validUntil
  // Read before the versions: while it holds later, nothing was written since the versions were read.
  const written = writtenBefore ?? (await dataVersion(ctx.db))
  // Nothing written since: nothing it shows can have changed.
  if (current && last.written === written) {
    const again = sentAgain(caches, userId, last, holds, bodiesKept)
    if (again) return again
  }
  const groupIds = [...new Set([activeGroupId, defaultGroupId])]
  const betsFrom = caches.listedFrom
  const read = await readGroupVersions(ctx.db, groupIds, userId, betsFrom)
  const seen = answerKey(activeGroupId, read.versions, read.memberships)
  // public group lists (member counts) may be seconds old: see freshMs
  if (current && last.key === seen.key && Date.now() - last.bornAt < freshMs) {
    last.written = written
    const again = sentAgain(caches, userId, last, holds, bodiesKept)
    if (again) return again
  }
  // Each part is read after the versions were (a shared part by a rebuild launched after this
  // ticket): as new as the key says, or newer (a newer part under an older key is read again at the
  // next change, never shown stale).
  const ticket = launchTicket()
  const { key, active, everyone } = seen
  const [shared, polls, publicGroups] = await Promise.all([
    sharedPart(ctx, active, everyone, now, ticket),
    pollsJson(ctx, userId, everyone, now, ticket, { bets: read.bets, from: betsFrom }),
    publicGroupsJson(ctx, userId, read.memberships, everyone, now),
  ])
  const body: StateBody = {
    head: shared.head,
    tail: Buffer.from(`"polls":${polls.json},"publicGroups":${publicGroups}}`),
  }
  const answer: Answer = {
    activeGroupId,
    written,
    key,
    validUntil: Math.min(shared.validUntil, polls.validUntil),
    bornAt: Date.now(),
    digest: stateDigest(body),
  }
  keepRecent(answers, userId, answer, answersKnown)
  keepRecent(caches.bodies, userId, body, bodiesKept)
  // built again with the very bytes the caller holds: none to send either
  return holds(answer.digest) ? { digest: answer.digest } : { digest: answer.digest, body }
}
