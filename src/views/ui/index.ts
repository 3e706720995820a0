export { Button, type ButtonProps } from './button'
export * as Card from './card'
export { Heading, type HeadingProps } from './heading'
export { Text, type TextProps } from './text'
