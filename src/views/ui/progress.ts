import { Progress } from '@ark-ui/react/progress'
import { createStyleContext } from 'styled-system/jsx'
import { progress } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `progress` slot recipe on Ark's Progress: a `role="progressbar"` with
 * `aria-valuenow` / `min` / `max`, labelled by `Label`.
 */
const { withProvider, withContext } = createStyleContext(progress)

/**
 * - `value` (`null` for indeterminate), `min`, `max` — @default 0..100
 * - `size`: 'sm' | 'md' | 'lg' — @default 'md'
 * - `colorPalette`: the bar colour
 * Linear: `Track` > `Range`; circular: `Circle` > `CircleTrack` + `CircleRange`.
 */
export const Root = withProvider(Progress.Root, 'root')
/** Names the progress bar; or pass `aria-label` to `Root`. */
export const Label = withContext(Progress.Label, 'label')
export const Track = withContext(Progress.Track, 'track')
export const Range = withContext(Progress.Range, 'range')
/** The value as text, e.g. "40%" (Ark formats it). */
export const ValueText = withContext(Progress.ValueText, 'valueText')
export const View = withContext(Progress.View, 'view')
export const Circle = withContext(Progress.Circle, 'circle')
export const CircleTrack = withContext(Progress.CircleTrack, 'circleTrack')
export const CircleRange = withContext(Progress.CircleRange, 'circleRange')

export type RootProps = ComponentProps<typeof Root>
export type LabelProps = ComponentProps<typeof Label>
export type TrackProps = ComponentProps<typeof Track>
export type RangeProps = ComponentProps<typeof Range>
export type ValueTextProps = ComponentProps<typeof ValueText>
