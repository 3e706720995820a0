import { useState } from 'react'
import { Button } from '~/views/ui'
import { UserInfoDialog } from '~/views/user/UserInfoDialog'

export interface UserNameButtonProps {
  readonly userId: number
  readonly username: string
}

/** A player's name that opens their user info dialog (trophies, balance, groups, bets, predictions). */
export function UserNameButton({ userId, username }: UserNameButtonProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        type="button"
        variant="link"
        size="sm"
        aria-haspopup="dialog"
        aria-label={`Show ${username}'s profile`}
        onClick={() => setOpen(true)}
        px="0"
        h="auto"
        minW="0"
        // a long name wraps, so the points and accuracy stay in a phone's view
        whiteSpace="normal"
        overflowWrap="anywhere"
        textAlign="start"
      >
        {username}
      </Button>
      <UserInfoDialog userId={userId} open={open} onOpenChange={setOpen} />
    </>
  )
}
