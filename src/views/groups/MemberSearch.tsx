import { useSelector } from '@xstate/react'
import { useRef, useState } from 'react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import {
  type GroupMembersMachine,
  selectFoundNobody,
  selectFoundUsers,
  selectSearchFailed,
  selectSearching,
} from '~/machines/group-members.machine'
import { groupMemberTexts } from '~/machines/group-members.types'
import { Button, Field, Text } from '~/views/ui'

/** Finds players by name (`GET /v1/users?name=`) to add to the group. */
export function MemberSearch({ members }: { readonly members: ActorRefFrom<GroupMembersMachine> }) {
  // the typed text is the input's own state; the machine gets it when the player searches
  const [name, setName] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const found = useSelector(members, selectFoundUsers)
  const searching = useSelector(members, selectSearching)
  const failed = useSelector(members, selectSearchFailed)
  const nobody = useSelector(members, selectFoundNobody)
  const blank = name.trim() === ''
  const search = () => {
    if (!blank) members.send({ type: 'members.search', name })
  }
  return (
    <styled.div display="flex" flexDirection="column" gap="2">
      <styled.div display="flex" gap="2" alignItems="flex-end">
        <Field.Root flex="1">
          <Field.Label>Find players by name</Field.Label>
          <Field.Input
            ref={input}
            type="search"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                search()
              }
            }}
          />
        </Field.Root>
        <Button
          type="button"
          variant="outline"
          onClick={search}
          disabled={searching || blank}
          aria-busy={searching}
        >
          Search
        </Button>
      </styled.div>
      <div aria-live="polite">
        {failed && (
          <Text role="alert" color="fg.error" textStyle="sm">
            {groupMemberTexts.searchFailed}
          </Text>
        )}
        {nobody && (
          <Text color="fg.muted" textStyle="sm">
            {groupMemberTexts.noneFound}
          </Text>
        )}
        <styled.ul listStyle="none" display="flex" flexDirection="column" gap="1">
          {found.map((user) => (
            <styled.li key={user.id} display="flex" alignItems="center" gap="2">
              <styled.span flex="1">{user.username}</styled.span>
              <Button
                type="button"
                size="xs"
                variant="outline"
                aria-label={`Add ${user.username}`}
                onClick={() => {
                  members.send({ type: 'members.add', user })
                  // the added player leaves the results, the pressed button with them: back to the search
                  input.current?.focus()
                }}
              >
                Add
              </Button>
            </styled.li>
          ))}
        </styled.ul>
      </div>
    </styled.div>
  )
}
