/** Every authorized socket is in this room: live messages go to it. */
export const authorizedRoom = 'authorized'

const titlePrefix = 'title:'

/** One room per title: a tick is encoded once and written to the room's sockets. */
export function titleRoom(titleId: number): string {
  return titlePrefix + titleId
}

export function isTitleRoom(room: string): boolean {
  return room.startsWith(titlePrefix)
}

const userPrefix = 'user:'

/** One room per signed-in player, over all their sockets (and, in a cluster, all processes). */
export function userRoom(userId: number): string {
  return userPrefix + userId
}

export function isUserRoom(room: string): boolean {
  return room.startsWith(userPrefix)
}
