// Lines of a streamed body as they arrive, decoded as UTF-8, without ever holding more than one
// unfinished line beside the chunk being split.

/** Yields each complete `\n`-terminated line of `body` (a last line without `\n` too, when not empty). */
export async function* readLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
      let at = rest.indexOf('\n');
      while (at >= 0) {
        const line = rest.slice(0, at);
        rest = rest.slice(at + 1);
        if (line.trim() !== '') yield line;
        at = rest.indexOf('\n');
      }
    }
    rest += decoder.decode();
    if (rest.trim() !== '') yield rest;
  } finally {
    // stopping early (the caller broke off, or an abort) must not leave the connection half read
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** Yields each complete line of a stream of byte chunks, decoded as UTF-8 (a last line without `\n` too, when not empty). */
export async function* linesOf(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of chunks) {
    rest += decoder.decode(chunk, { stream: true });
    let at = rest.indexOf('\n');
    while (at >= 0) {
      const line = rest.slice(0, at);
      rest = rest.slice(at + 1);
      if (line.trim() !== '') yield line;
      at = rest.indexOf('\n');
    }
  }
  rest += decoder.decode();
  if (rest.trim() !== '') yield rest;
}
