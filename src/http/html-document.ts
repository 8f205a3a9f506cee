/**
 * A whole HTML page as the service serves them (the OAuth pages, the Cypher explorer):
 * English, UTF-8, scaled to the device and sending no referrer. `head` is the page's own
 * head elements (title, style, scripts) and `body` the content of `<body>`, each inserted as
 * written: the caller escapes what it puts in.
 */
export function htmlDocument(head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
${head}
</head>
<body>
${body}
</body>
</html>
`;
}
