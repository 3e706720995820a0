import { parseArgs } from 'node:util'
import { backUp, inviteCommand, verifyBooks } from './admin/books-commands'
import { announceCommand, renameGroupCommand } from './admin/game-commands'
import {
  changeSuspension,
  grantCommand,
  playerDataCommand,
  renamePlayerCommand,
  showPlayerCommand,
} from './admin/player-commands'
import { usage } from './admin/usage'
import { ConfigError } from './config'

/** Operator commands; they use the same configuration (DATABASE_URL, ALPHA_DATA_DIR) as the server. */
function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      count: { type: 'string', default: '1' },
      days: { type: 'string', default: '30' },
      hours: { type: 'string' },
      clear: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  })
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    // a mistyped option is a usage error (exit 2), not a crash with a stack trace
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`)
    return 2
  }
  const { positionals, values } = parsed
  const [command, ...args] = positionals
  if (values.help) {
    console.log(usage)
    return 0
  }
  switch (command) {
    case 'invite':
      return inviteCommand({ count: values.count, days: values.days })
    case 'verify-ledger':
      return verifyBooks()
    case 'backup':
      return backUp(args)
    case 'show':
      return showPlayerCommand(args)
    case 'suspend':
    case 'unsuspend':
      return changeSuspension(command, args)
    case 'rename':
      return renamePlayerCommand(args)
    case 'rename-group':
      return renameGroupCommand(args)
    case 'grant':
      return grantCommand(args)
    case 'player-data':
      return playerDataCommand(args)
    case 'announce':
      return announceCommand(args, { hours: values.hours, clear: values.clear === true })
    default:
      console.log(usage)
      return 2
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  },
)
