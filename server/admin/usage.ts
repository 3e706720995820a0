/** What `npm run admin` takes; printed with `--help` and after a usage error. */
export const usage = `Usage: npm run admin -- invite [--count N] [--days D]
       npm run admin -- verify-ledger
       npm run admin -- backup FILE
       npm run admin -- show PLAYER
       npm run admin -- suspend PLAYER
       npm run admin -- unsuspend PLAYER
       npm run admin -- rename PLAYER NEW_USERNAME
       npm run admin -- rename-group GROUP_ID NEW_NAME
       npm run admin -- announce TEXT [--hours H]
       npm run admin -- announce --clear
       npm run admin -- grant PLAYER TTC REASON
       npm run admin -- player-data PLAYER FILE
  invite          print N new single-use invitation codes (default 1), valid for D days (default 30)
  verify-ledger   recompute the ledger's and the settlements' hash chains and every balance from the
                  ledger: "ledger verified" with the counts (exit 0) or the first mismatch (exit 1)
  backup          copy the embedded SQLite database, while the server runs, to the new file FILE
                  (PostgreSQL: use pg_dump)
  show            what the game knows of a player (username or e-mail address): the address, when
                  they signed up and were last seen, a suspension, the balance, predictions, bets, groups
  suspend         lock a player out (username or e-mail address): no sign-in, and every session of the
                  account ends now; what they played stays
  unsuspend       let a suspended player sign in again
  rename          give a player whose username breaks the rules another one (the sign-up's rules); the
                  account's address is mailed the new name, which they sign in with from now on
  rename-group    give a group whose name breaks the rules another one (the group form's rules)
  announce        show every player TEXT above the game (one line, at most 280 characters), for H hours
                  or until the next announcement; --clear ends it now
  grant           give a player TTC (at most 100,000) with the REASON they read beside it in their
                  transactions; new money, as the welcome grant is. They are told if they get news
  player-data     write everything the game keeps about a player to the new file FILE, as JSON: the
                  file Settings' "Your data" downloads, for a request that comes by mail`

/** A command given the wrong arguments: says what it needs, then the usage; exit code 2. */
export function usageError(needs: string): 2 {
  console.error(`${needs}\n\n${usage}`)
  return 2
}
