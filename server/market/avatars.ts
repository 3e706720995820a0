import { seedFromString } from './random'

const cells = 5
const size = 80
const cell = size / (cells + 1)

/**
 * A GitHub-style identicon: a 5x5 grid mirrored left to right, coloured by the handle's hash. The
 * same handle always gets the same picture, and the server needs no image files.
 */
export function identiconSvg(handle: string): string {
  const hash = seedFromString(handle.toLowerCase())
  const hue = hash % 360
  const colour = `hsl(${hue} 55% 48%)`
  const background = `hsl(${hue} 40% 94%)`
  const rects: string[] = []
  for (let row = 0; row < cells; row += 1) {
    for (let column = 0; column < Math.ceil(cells / 2); column += 1) {
      const bit = (hash >>> (8 + row * 3 + column)) & 1
      if (bit === 0) continue
      for (const x of new Set([column, cells - 1 - column])) {
        const left = cell / 2 + x * cell
        const top = cell / 2 + row * cell
        rects.push(`<rect x="${left}" y="${top}" width="${cell}" height="${cell}"/>`)
      }
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" fill="${background}"/>`,
    `<g fill="${colour}">${rects.join('')}</g>`,
    '</svg>',
  ].join('')
}
