import { Stack, styled } from 'styled-system/jsx'
import { Link as RouterLink, useSearch } from 'wouter'
import { authorsBoardPageSize } from '~/actors/signal.actors'
import { formatPercent } from '~/domain/number-format'
import { intervalText } from '~/domain/signal-texts'
import { useAuthorsBoard } from '~/views/authors/use-author-loaders'
import { ListLoadFailure } from '~/views/common/ListLoadFailure'
import { Heading, Link, Skeleton, Table, Text } from '~/views/ui'

/** `?page=N` (1-based) of the leaderboard; anything else is the first page. */
function pageOf(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'))
  return Number.isSafeInteger(page) && page >= 1 ? page : 1
}

/**
 * `/authors`: who to trust in the stream. Every author of stream messages by signal score: how often the
 * crowd's majority reading of their messages proved right, as a Beta(5, 5) posterior mean (a new author
 * starts at 50 %), with its 95 % interval and the messages judged. Paged by `?page=`.
 */
export function Authors() {
  const page = pageOf(useSearch())
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Authors
        </Heading>
        <Text color="fg.muted">
          How often the crowd's reading of each author's messages proved right by the price. Everybody starts
          at 50%: a few lucky calls move the score little, many judged messages move it far.
        </Text>
      </Stack>
      <AuthorsPage key={page} page={page} />
    </Stack>
  )
}

function AuthorsPage({ page }: { readonly page: number }) {
  const { page: board, loading, failure, retry } = useAuthorsBoard((page - 1) * authorsBoardPageSize)
  if (failure) return <ListLoadFailure text={failure} onRetry={retry} />
  if (loading || !board) return <Skeleton h="48" aria-busy />
  if (board.authors.length === 0)
    return <Text color="fg.muted">No author has written in the stream yet.</Text>
  return (
    <Stack gap="3">
      <styled.div overflowX="auto">
        <Table.Root size="sm">
          <Table.Caption srOnly>Authors by signal score</Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">Rank</Table.Header>
              <Table.Header scope="col">Author</Table.Header>
              <Table.Header scope="col" textAlign="end">
                Score
              </Table.Header>
              <Table.Header scope="col" textAlign="end">
                95% interval
              </Table.Header>
              <Table.Header scope="col" textAlign="end">
                Judged
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {board.authors.map((entry) => (
              <Table.Row key={entry.author}>
                <Table.Cell>{entry.rank}</Table.Cell>
                <Table.Cell>
                  <Link asChild>
                    <RouterLink href={`/authors/${encodeURIComponent(entry.author)}`}>
                      @{entry.author}
                    </RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell textAlign="end">{formatPercent(entry.score)}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {intervalText(entry.interval)}
                </Table.Cell>
                <Table.Cell textAlign="end">{entry.judged.toLocaleString('en-US')}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </styled.div>
      <styled.nav aria-label="Pages" display="flex" gap="4">
        {page > 1 ? (
          <Link asChild>
            <RouterLink href={page === 2 ? '/authors' : `/authors?page=${page - 1}`}>
              Previous page
            </RouterLink>
          </Link>
        ) : null}
        {board.nextOffset !== null ? (
          <Link asChild>
            <RouterLink href={`/authors?page=${page + 1}`}>Next page</RouterLink>
          </Link>
        ) : null}
      </styled.nav>
    </Stack>
  )
}
