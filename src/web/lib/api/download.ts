import { apiCall } from "./call.ts";

/**
 * Saves a file the server answers (a CSV export) as a browser download named `fileName`; a refusal throws
 * the usual ApiError. The one way the app downloads what the API produces.
 */
export async function downloadAnswer(request: Promise<Response>, fileName: string): Promise<void> {
  const response = await request;
  if (!response.ok) await apiCall(Promise.resolve(response));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
