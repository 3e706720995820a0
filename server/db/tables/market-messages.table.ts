/** Messages of the market stream, kept so every server process can list the recent ones. */
export interface MarketMessagesTable {
  messageId: string
  /** epoch ms of the message */
  createdAt: number
  /** the ServerMessage as JSON */
  payload: string
}
