/** Whether the request's body parses as a form (URL-encoded or multipart), read from a copy of it. */
export async function isFormBody(request: Request): Promise<boolean> {
  try {
    await request.clone().formData();
    return true;
  } catch {
    return false;
  }
}
