import type { ReactNode } from 'react'
import { styled } from 'styled-system/jsx'
import { Heading, Text } from '~/views/ui'

/** One titled part of the settings page: a landmark named by its heading. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  readonly id: string
  readonly title: string
  readonly description?: string
  readonly children: ReactNode
}) {
  return (
    <styled.section
      aria-labelledby={id}
      display="flex"
      flexDirection="column"
      gap="4"
      p={{ base: '4', sm: '6' }}
      borderWidth="1px"
      borderRadius="l3"
      bg="bg.default"
    >
      <div>
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
        {description ? (
          <Text size="sm" color="fg.muted" mt="1">
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </styled.section>
  )
}
