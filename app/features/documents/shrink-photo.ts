/**
 * A photo scaled down in the browser until its JPEG is at most `maxBytes` (loaded with
 * import() only when a chosen photo is over the limit). A photo the browser cannot decode
 * is sent as it is, and the server answers with spec 5's size message.
 */
export async function shrinkPhoto(file: File, maxBytes: number): Promise<File> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return file
  }
  const name = file.name.replace(/\.[^.]*$/, '') + '.jpg'
  let scale = Math.min(1, 4096 / Math.max(bitmap.width, bitmap.height))
  for (let attempt = 0; attempt < 6; attempt++) {
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(bitmap.width * scale))
    canvas.height = Math.max(1, Math.round(bitmap.height * scale))
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85))
    if (blob && blob.size <= maxBytes) {
      bitmap.close()
      return new File([blob], name, { type: 'image/jpeg' })
    }
    scale *= 0.75
  }
  bitmap.close()
  return file
}
