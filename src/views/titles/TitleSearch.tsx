import { PlusIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { styled } from 'styled-system/jsx'
import { titlesToAdd } from '~/domain/title-list'
import type { TitleInfo } from '~/machines/socket.types'
import { Button, Field, Text } from '~/views/ui'

/**
 * A search over the universe's titles not yet in a list (the watch list, an event's titles); each match
 * is an 'Add …' button. The query is this field's own UI state; the count of matches is announced as it
 * changes.
 */
export function TitleSearch({
  titles,
  listed,
  onAdd,
  label = 'Add a title',
}: {
  readonly titles: readonly TitleInfo[]
  readonly listed: readonly number[]
  readonly onAdd: (titleId: number) => void
  readonly label?: string
}) {
  const [query, setQuery] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const resultsId = useId()
  const matches = query.trim() === '' ? [] : titlesToAdd(titles, listed, query, 8)
  return (
    <styled.div display="flex" flexDirection="column" gap="2">
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <Field.Input
          type="search"
          placeholder="Search titles, e.g. Apple"
          ref={input}
          value={query}
          aria-controls={resultsId}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </Field.Root>
      <Text id={resultsId} size="xs" color="fg.muted" aria-live="polite">
        {query.trim() === ''
          ? ''
          : matches.length === 0
            ? 'No titles found.'
            : `${matches.length} ${matches.length === 1 ? 'title' : 'titles'} found.`}
      </Text>
      {matches.length > 0 ? (
        <styled.ul aria-label="Matching titles" display="flex" flexWrap="wrap" gap="2">
          {matches.map((title) => (
            <li key={title.id}>
              <Button
                // inside a form (an event's titles) a plain button would submit it
                type="button"
                variant="outline"
                size="xs"
                onClick={() => {
                  onAdd(title.id)
                  // the pressed button leaves the matches: the search keeps the focus, for the next one
                  input.current?.focus()
                }}
                aria-label={`Add ${title.n}`}
              >
                <PlusIcon aria-hidden />
                {title.n}
              </Button>
            </li>
          ))}
        </styled.ul>
      ) : null}
    </styled.div>
  )
}
