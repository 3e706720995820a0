import { Component, type ErrorInfo, type ReactNode } from 'react'
import { styled } from 'styled-system/jsx'
import { noticeTexts } from '~/machines/notices'
import { Alert, Button, Heading, Text } from '~/views/ui'

interface LoadFailureBoundaryProps {
  readonly children: ReactNode
  /** a part of a page (a dialog): an alert in its place; else the whole screen's message */
  readonly inline?: boolean
  /** told the error, for the reporter (React logs it to the console as well) */
  readonly onError?: (error: unknown) => void
}

/** Reloads the page: the way back once a part's code could not be fetched (React.lazy keeps the failure). */
const reload = () => window.location.reload()

/**
 * What shows instead of a blank page when a part of the app fails to render, above all when its code
 * could not be downloaded (offline on a page just opened, or a release deployed meanwhile): the spec's
 * general heading, what happened, and a way to reload. An error boundary has to be a class.
 */
export class LoadFailureBoundary extends Component<LoadFailureBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError?.(error)
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    const explanation = 'This part of Alpha could not be loaded. Check your connection, then reload.'
    if (this.props.inline)
      return (
        <Alert.Root role="alert" colorPalette="down">
          <Alert.Content>
            <Alert.Title>{noticeTexts.somethingWentWrong}</Alert.Title>
            <Alert.Description display="flex" flexWrap="wrap" alignItems="center" gap="3">
              {explanation}
              <Button type="button" size="sm" variant="outline" onClick={reload}>
                Reload
              </Button>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )
    return (
      <styled.main
        role="alert"
        display="grid"
        gap="4"
        justifyItems="start"
        maxW="xl"
        mx="auto"
        px="4"
        py="10"
      >
        <Heading as="h1" size="xl">
          {noticeTexts.somethingWentWrong}
        </Heading>
        <Text>{explanation}</Text>
        <Button type="button" onClick={reload}>
          Reload
        </Button>
      </styled.main>
    )
  }
}
