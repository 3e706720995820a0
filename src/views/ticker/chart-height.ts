import { css } from 'styled-system/css'

/**
 * The chart's height, shared by the canvas and its placeholder: taller where the panel is (a laptop's
 * panel is some 640 px tall, and a 256 px chart left most of it empty), never more than half the window.
 */
export const chartHeight = css({ h: { base: '64', md: 'min(28rem, 55vh)' } })
