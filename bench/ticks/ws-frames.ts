import { randomBytes } from 'node:crypto'

/**
 * The least a benchmark client needs of RFC 6455: masked text frames out, unmasked frames in. Clients
 * read frames without decoding payloads they only count, so the client side stays cheap.
 */
export function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text)
  const length = payload.length
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10
  const frame = Buffer.allocUnsafe(headerLength + 4 + length)
  frame[0] = 0x81
  if (length < 126) frame[1] = 0x80 | length
  else if (length < 65_536) {
    frame[1] = 0x80 | 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 0x80 | 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  const mask = randomBytes(4)
  mask.copy(frame, headerLength)
  for (let i = 0; i < length; i += 1)
    frame[headerLength + 4 + i] = (payload[i] as number) ^ (mask[i & 3] as number)
  return frame
}

/** Splits a byte stream into frame payloads; `onFrame` gets the buffer and the payload's bounds. */
export class FrameReader {
  #pending: Buffer | undefined

  constructor(private readonly onFrame: (data: Buffer, start: number, end: number, opcode: number) => void) {}

  push(chunk: Buffer): void {
    let data = this.#pending ? Buffer.concat([this.#pending, chunk]) : chunk
    this.#pending = undefined
    let offset = 0
    while (data.length - offset >= 2) {
      const opcode = (data[offset] as number) & 0x0f
      let length = (data[offset + 1] as number) & 0x7f
      let header = 2
      if (length === 126) {
        if (data.length - offset < 4) break
        length = data.readUInt16BE(offset + 2)
        header = 4
      } else if (length === 127) {
        if (data.length - offset < 10) break
        length = Number(data.readBigUInt64BE(offset + 2))
        header = 10
      }
      if (data.length - offset < header + length) break
      this.onFrame(data, offset + header, offset + header + length, opcode)
      offset += header + length
    }
    if (offset < data.length) {
      data = data.subarray(offset)
      this.#pending = Buffer.from(data)
    }
  }
}
