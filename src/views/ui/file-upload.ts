import { FileUpload } from '@ark-ui/react/file-upload'
import { createStyleContext } from 'styled-system/jsx'
import { fileUpload } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'
import { ObjectUrlImage } from './object-url-image'

/*
 * Park UI's `fileUpload` slot recipe on Ark's FileUpload (e.g. a group's avatar): a drop zone plus
 * a `Trigger` button that opens the file picker; `HiddenInput` is the real `<input type="file">`.
 */
const { withProvider, withContext } = createStyleContext(fileUpload)

/**
 * - `accept` (e.g. `'image/*'` or `{ 'image/png': ['.png'] }`), `maxFiles` — @default 1,
 *   `maxFileSize` (bytes), `minFileSize`, `name`, `disabled`, `required`, `invalid`
 * - `onFileChange` (`{ acceptedFiles, rejectedFiles }`), `onFileAccept`, `onFileReject`
 *   (rejections carry `errors` like 'FILE_TOO_LARGE', 'FILE_INVALID_TYPE')
 */
export const Root = withProvider(FileUpload.Root, 'root')
export const Label = withContext(FileUpload.Label, 'label')
/** The drop area; also opens the picker on click / Enter. */
export const Dropzone = withContext(FileUpload.Dropzone, 'dropzone')
/** A button that opens the picker; use `asChild` around a `Button`. */
export const Trigger = withContext(FileUpload.Trigger, 'trigger')
/** The native file input, hidden. Always render it. */
export const HiddenInput = FileUpload.HiddenInput
/** Lists the accepted files: map `Context`'s `acceptedFiles` to `Item`s (`file` prop). */
export const ItemGroup = withContext(FileUpload.ItemGroup, 'itemGroup')
export const Item = withContext(FileUpload.Item, 'item')
export const ItemName = withContext(FileUpload.ItemName, 'itemName')
export const ItemSizeText = withContext(FileUpload.ItemSizeText, 'itemSizeText')
/** `type`: 'image' shows `ItemPreviewImage` only for images. */
export const ItemPreview = withContext(FileUpload.ItemPreview, 'itemPreview')
/** An `<img>` of the item's `file` (pass it and `alt`): one object URL while it shows. */
export const ItemPreviewImage = withContext(ObjectUrlImage, 'itemPreviewImage')
/** Removes the file; use `asChild` around an `IconButton` with an `aria-label`. */
export const ItemDeleteTrigger = withContext(FileUpload.ItemDeleteTrigger, 'itemDeleteTrigger')
/** Render-prop access to the API: `{(upload) => upload.acceptedFiles.map(…)}`. */
export const Context = FileUpload.Context

export type RootProps = ComponentProps<typeof Root>
export type LabelProps = ComponentProps<typeof Label>
export type DropzoneProps = ComponentProps<typeof Dropzone>
export type TriggerProps = ComponentProps<typeof Trigger>
export type ItemGroupProps = ComponentProps<typeof ItemGroup>
export type ItemProps = ComponentProps<typeof Item>
