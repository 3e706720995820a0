import { Stack, styled } from 'styled-system/jsx'
import { Link as RouterLink, useParams } from 'wouter'
import type { AuthorDetail } from '~/api/authors'
import { formatDateTime, isoDateTime } from '~/domain/date-format'
import { formatPercent } from '~/domain/number-format'
import { intervalText, verdictTexts } from '~/domain/signal-texts'
import { useAuthorDetail } from '~/views/authors/use-author-loaders'
import { ListLoadFailure } from '~/views/common/ListLoadFailure'
import { TitleLink } from '~/views/ticker/TitleLink'
import { Badge, Heading, Link, Skeleton, Text } from '~/views/ui'

const verdictPalette = { right: 'up', wrong: 'down', undecided: 'gray' } as const

/** `/authors/:username`: one author's signal score and their recent messages with the crowd's split and outcome. */
export function AuthorPage() {
  const { username = '' } = useParams<{ username: string }>()
  const handle = decodeURIComponent(username).replace(/^@/, '')
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          @{handle}
        </Heading>
        <Link asChild alignSelf="flex-start" fontSize="sm">
          <RouterLink href="/authors">All authors</RouterLink>
        </Link>
      </Stack>
      <AuthorBody key={handle} handle={handle} />
    </Stack>
  )
}

function AuthorBody({ handle }: { readonly handle: string }) {
  const { author, loading, failure, retry } = useAuthorDetail(handle)
  if (failure) return <ListLoadFailure text={failure} onRetry={retry} />
  if (loading || !author) return <Skeleton h="48" aria-busy />
  return (
    <>
      <styled.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1" maxW="md">
        <Figure label="Signal score" value={formatPercent(author.score)} />
        <Figure label="95% interval" value={intervalText(author.interval)} />
        <Figure label="Messages judged" value={author.judged.toLocaleString('en-US')} />
        <Figure label="Crowd proved right" value={author.provedRight.toLocaleString('en-US')} />
      </styled.dl>
      <RecentMessages messages={author.recentMessages} />
    </>
  )
}

function Figure({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <div>
      <styled.dt color="fg.muted" display="inline">
        {label}
      </styled.dt>{' '}
      <styled.dd display="inline" fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {value}
      </styled.dd>
    </div>
  )
}

function RecentMessages({ messages }: { readonly messages: AuthorDetail['recentMessages'] }) {
  return (
    <styled.section aria-labelledby="author-recent">
      <Heading as="h2" size="lg" id="author-recent" mb="2">
        Recent messages
      </Heading>
      <styled.ul display="grid" gap="3">
        {messages.map((message) => (
          <styled.li key={message.messageId} borderWidth="1px" borderRadius="l2" p="3" display="grid" gap="2">
            <Text textStyle="xs" color="fg.muted">
              <time dateTime={isoDateTime(message.createdAt)}>{formatDateTime(message.createdAt)}</time>
            </Text>
            <Text textStyle="sm">{message.text ?? 'The stream no longer keeps this message’s text.'}</Text>
            {message.titles.length === 0 ? (
              <Text textStyle="xs" color="fg.muted">
                Nobody has tagged it yet.
              </Text>
            ) : (
              <styled.ul display="grid" gap="1" textStyle="sm">
                {message.titles.map((title) => (
                  <styled.li key={title.titleId} display="flex" flexWrap="wrap" alignItems="center" gap="2">
                    <TitleLink titleId={title.titleId} />
                    <span>{`Up ${title.up} · Down ${title.down}`}</span>
                    {title.running > 0 ? (
                      <styled.span color="fg.muted">{`${title.running} running`}</styled.span>
                    ) : null}
                    <Badge size="sm" variant="subtle" colorPalette={verdictPalette[title.verdict]}>
                      {verdictTexts[title.verdict]}
                    </Badge>
                  </styled.li>
                ))}
              </styled.ul>
            )}
          </styled.li>
        ))}
      </styled.ul>
    </styled.section>
  )
}
