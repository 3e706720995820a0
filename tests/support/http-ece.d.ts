/** http_ece ships no types: the one call the push tests make (decrypting what web-push encrypted). */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  interface DecryptParams {
    version: 'aes128gcm'
    /** the receiver's key pair (the sender's public key travels in the aes128gcm header) */
    privateKey: ECDH
    authSecret: Buffer
  }
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer }
  export default ece
}
