/**
 * Reads a JSON body; a body that is not JSON parses as `undefined`, which
 * the schema then reports as 'Required' / 'Invalid input' (400).
 * @throws the body-limit error (413) when the body is over the route's limit.
 */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch (error) {
    if ((error as Error).name === 'BodyLimitError') throw error;
    return undefined;
  }
}
