import { EventEmitter } from 'node:events'
import type { io } from 'socket.io-client'

/** A stand-in for socket.io-client's socket: records the emits, answers acks as the test says. */
export class FakeSocket extends EventEmitter {
  readonly io = new EventEmitter()
  readonly emitted: { event: string; payload: unknown }[] = []
  answer: (event: string, payload: unknown) => [Error | null, unknown] = () => [null, true]
  connects = 0
  disconnected = false
  timeout(_ms: number) {
    return {
      emit: (event: string, payload: unknown, ack: (error: Error | null, answer: unknown) => void) => {
        this.emitted.push({ event, payload })
        const [error, answer] = this.answer(event, payload)
        ack(error, answer)
      },
    }
  }
  connect() {
    this.connects += 1
  }
  disconnect() {
    this.disconnected = true
  }
}

/** socket.io-client's `io`, making fake sockets that connect at once; `answer` is given to each. */
export function fakeIo(answer?: FakeSocket['answer']) {
  const made: FakeSocket[] = []
  const ioFn = ((_url: string, _options: unknown) => {
    const socket = new FakeSocket()
    if (answer) socket.answer = answer
    queueMicrotask(() => socket.emit('connect'))
    made.push(socket)
    return socket
  }) as unknown as typeof io
  return { ioFn, made, latest: () => made.at(-1) }
}
