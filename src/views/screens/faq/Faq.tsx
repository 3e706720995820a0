import { ChevronDownIcon } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import { Heading, Text } from '~/views/ui'
import * as Accordion from './accordion'
import { faqEntries } from './faq-entries'

/** Spec §2 /faq: how the game works, one question open at a time (all closable). */
export function Faq() {
  return (
    <styled.div display="flex" flexDirection="column" gap="6" maxW="3xl">
      <div>
        <Heading as="h1" size="2xl">
          FAQ
        </Heading>
        <Text color="fg.muted" mt="2">
          How Alpha works: predictions, polls, groups, rankings and TTC.
        </Text>
      </div>
      <Accordion.Root collapsible defaultValue={[faqEntries[0]?.id ?? '']}>
        {faqEntries.map((entry) => (
          <Accordion.Item key={entry.id} value={entry.id}>
            <styled.h2 fontSize="md">
              <Accordion.ItemTrigger>
                {entry.question}
                <Accordion.ItemIndicator>
                  <ChevronDownIcon aria-hidden />
                </Accordion.ItemIndicator>
              </Accordion.ItemTrigger>
            </styled.h2>
            <Accordion.ItemContent>
              <styled.div display="flex" flexDirection="column" gap="3" pb="4" color="fg.muted">
                {entry.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </styled.div>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </styled.div>
  )
}
