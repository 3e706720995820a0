import { describe, expect, it } from 'vitest'
import { newsPayload } from '../../server/push/push-news'
import { friendJoinedNews, groupNews } from '../../src/domain/important-messages'

describe('newsPayload', () => {
  it('shows the subject as the title, the lines as the text, and opens the page the news is about', () => {
    expect(newsPayload(groupNews('invited', { admin: 'alice', groupName: 'Night Owls' }))).toEqual({
      title: 'alice invited you to Night Owls',
      body: 'alice invited you to play in Night Owls. Open Groups in Alpha to join the group or decline.',
      url: '/groups',
      tag: 'alice invited you to Night Owls',
    })
    // news about no page in particular opens the app's start page
    expect(newsPayload(friendJoinedNews({ friend: 'bob', groupName: null })).url).toBe('/')
  })
})
