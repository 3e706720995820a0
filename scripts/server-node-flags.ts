/**
 * The node flags the server runs with, wherever it is started: `npm start` (package.json spells them,
 * and tests/unit/server-node-flags.test.ts holds it to this list), `npm run start:cluster` and the
 * benches that measure the shipped configuration.
 *
 * `--max-semi-space-size=8` (MB): Node's default young generation (16 MB semi-spaces) put the server
 * at 195 to 199 MB with 5,000 idle sockets, against bench:ticks' target of 200; 2 MB held it at 175 to
 * 182 MB but, under load, made a scavenge every few milliseconds and promoted short-lived request data
 * to the old generation. 8 MB (bench/README, "load" and "ticks"): GC pauses 0.43× and server CPU 0.93×
 * of 2 MB's at 2,000 players, tick deliveries at saturation 1.1 to 1.6×, 187 to 190 MB idle at 5,000
 * clients.
 */
export const serverNodeFlags: readonly string[] = ['--max-semi-space-size=8']
