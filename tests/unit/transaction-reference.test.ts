import { describe, expect, it } from 'vitest'
import { parseTransactionReference } from '../../src/domain/transaction-reference'

describe('parseTransactionReference', () => {
  it('reads the references the server writes', () => {
    expect(parseTransactionReference('poll:12')).toEqual({ kind: 'poll', pollId: 12 })
    expect(parseTransactionReference('tag:2494:msg-7')).toEqual({
      kind: 'prediction',
      titleId: 2494,
      messageId: 'msg-7',
    })
    expect(parseTransactionReference('tag:2494:a:b')).toEqual({
      kind: 'prediction',
      titleId: 2494,
      messageId: 'a:b',
    })
    expect(parseTransactionReference('tags:14')).toEqual({ kind: 'predictions', count: 14 })
    expect(parseTransactionReference('signup')).toEqual({ kind: 'signup' })
    expect(parseTransactionReference('group-prize:1003')).toEqual({ kind: 'groupPrize', groupId: 1003 })
    expect(parseTransactionReference('group-prize-refund:1003')).toEqual({
      kind: 'groupPrizeRefund',
      groupId: 1003,
    })
    // the operator's words, colons and all
    expect(parseTransactionReference('operator-grant:Sorry: the poll was late')).toEqual({
      kind: 'operatorGrant',
      reason: 'Sorry: the poll was late',
    })
  })

  it('calls anything else other, ids that are not positive whole numbers included', () => {
    for (const reference of [
      '',
      'account-deleted',
      'account-deleted:w1',
      'poll:',
      'poll:0',
      'poll:1.5',
      'poll:-3',
      'poll:12:extra',
      'tag:2494',
      'tags:x',
      'signup:1',
      'operator-grant:',
      'operator-grant',
      'poll:99999999999999999999',
    ])
      expect(parseTransactionReference(reference), reference).toEqual({ kind: 'other' })
  })
})
