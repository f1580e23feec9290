import { opsEndpoints } from '@parvoz/contracts/ops-endpoints';
import {
  opsTourFormSchema,
  opsTourParamsSchema,
  TOUR_IMAGE_MAX_BYTES,
  type OpsTourHistoryEntry,
} from '@parvoz/contracts/ops-tours';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { consoleNotFound, opsCall } from '../../features/ops/ops-api.server.ts';
import { readFormWithin } from './tour-edit-form-body.server.ts';
import type { TourActionResult } from './tour-edit-fields.ts';
import { ApiError } from '../../lib/api.server.ts';
import { refusalOf } from '../../lib/endpoint-client.server.ts';
import { apiFieldErrors, parseForm, replyWithFieldErrors } from '../../lib/form.server.ts';
import type { MessageKey } from '../../lib/i18n.tsx';
import type { RequestState } from '../../lib/request-context.server.ts';
import { requestStateContext } from '../../lib/request-context.server.ts';
import type { Route } from './+types/tour-edit';

const DONE = { created: 'ops.tours.created' } as const satisfies Record<string, MessageKey>;

/** /ops/tours/new (no id) or one tour with its history. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const state = context.get(requestStateContext);
  const justDone = new URL(request.url).searchParams.get('done') === 'created' ? DONE.created : null;
  if (params.id === undefined) {
    await opsCall(state, opsEndpoints.opsMe, {});
    return { tour: null, history: [] as OpsTourHistoryEntry[], justDone: null };
  }
  const id = opsTourParamsSchema.safeParse({ id: params.id });
  if (!id.success) {
    await opsCall(state, opsEndpoints.opsMe, {});
    throw consoleNotFound();
  }
  const answer = await opsCall(state, opsEndpoints.opsGetTour, { params: id.data });
  return { ...answer.data, justDone };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = params.id === undefined ? null : opsTourParamsSchema.safeParse({ id: params.id });
  if (id && !id.success) throw consoleNotFound();
  return tourAction(request, context.get(requestStateContext), id?.data.id ?? null);
}

/** The API's refusal of a tour's fields: its words and the errors by field, the slug's clash included. */
export function tourRefusal(error: ApiError): { problem: MessageKey; fieldErrors: Record<string, string[]> } {
  const refusal = refusalOf(error, opsEndpoints.opsCreateTour, opsEndpoints.opsUpdateTour);
  if (refusal?.code === 'unprocessable' && refusal.details.reason === 'slug_taken')
    return { problem: 'ops.tours.slugTaken', fieldErrors: { slug: ['slug_taken'] } };
  return { problem: 'ops.tours.invalid', fieldErrors: apiFieldErrors(error) ?? {} };
}

/** The picture's refusal: too large, or not a picture by its bytes. */
const imageRefusal = (error: ApiError): MessageKey =>
  error.code === 'payload_too_large' ? 'ops.tours.image.tooLarge' : 'ops.tours.image.type';

/** An answer the API gave on purpose (not a fault, not a rate limit): the page shows it. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status < 500 && error.status !== 429;

/**
 * Creates (`tourId` null: then to the new tour's page) or saves the whole tour: the form read with the schema
 * the browser checks it with; a refusal, ours or the API's, comes back with the typed values and each error
 * at its field, and nothing is saved.
 */
async function saveTour(state: RequestState, form: FormData, tourId: string | null) {
  const submission = parseForm(form, opsTourFormSchema);
  if (submission.status !== 'success') {
    // Only the console's staff learn what the form needs.
    await opsCall(state, opsEndpoints.opsMe, {});
    const reply = submission.reply();
    return data<TourActionResult>({ problem: 'ops.tours.invalid', submission: reply }, { status: 400 });
  }
  try {
    if (!tourId) {
      const created = await opsCall(state, opsEndpoints.opsCreateTour, { body: submission.value });
      return redirect(`/${state.locale}/ops/tours/${created.data.id}?done=created`);
    }
    await opsCall(state, opsEndpoints.opsUpdateTour, { params: { id: tourId }, body: submission.value });
    return data<TourActionResult>({ done: 'ops.tours.saved' });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const { problem, fieldErrors } = tourRefusal(error);
    return data<TourActionResult>(
      { problem, submission: replyWithFieldErrors(submission, fieldErrors) },
      { status: error.status },
    );
  }
}

/** The picture form's one field: a file that is not empty (an empty file input posts one of 0 bytes). */
const imageFormSchema = z.object({ image: z.instanceof(File).refine((file) => file.size > 0) });

/** The picture's upload: at most 5 MB, checked here before its bytes go to the API. */
async function uploadImage(state: RequestState, form: FormData, tourId: string) {
  const picture = parseForm(form, imageFormSchema);
  if (picture.status !== 'success')
    return data<TourActionResult>({ problem: 'ops.tours.image.missing' }, { status: 400 });
  const file = picture.value.image;
  if (file.size > TOUR_IMAGE_MAX_BYTES)
    return data<TourActionResult>({ problem: 'ops.tours.image.tooLarge' }, { status: 413 });
  const bytes = Buffer.from(await file.arrayBuffer());
  try {
    await opsCall(state, opsEndpoints.opsUploadTourImage, {
      params: { id: tourId },
      body: { data_base64: bytes.toString('base64') },
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return data<TourActionResult>({ problem: imageRefusal(error) }, { status: error.status });
  }
  return data<TourActionResult>({ done: 'ops.tours.image.uploaded' });
}

/** Puts the tour on the site or takes it off (an unknown tour is the console's 404). */
async function setPublished(state: RequestState, tourId: string, intent: 'publish' | 'unpublish') {
  const publish = intent === 'publish';
  try {
    await opsCall(state, publish ? opsEndpoints.opsPublishTour : opsEndpoints.opsUnpublishTour, {
      params: { id: tourId },
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return data<TourActionResult>({ problem: 'ops.tours.invalid' }, { status: error.status });
  }
  return data<TourActionResult>({ done: publish ? 'ops.tours.publishedDone' : 'ops.tours.unpublishedDone' });
}

/** Which of the page's forms was posted. */
const tourIntentSchema = z.object({ intent: z.enum(['save', 'image', 'publish', 'unpublish']) });

/** The tour page's posts: save (or create), publish or unpublish, upload a picture. */
export async function tourAction(request: Request, state: RequestState, tourId: string | null) {
  // A picture and the form around it; a larger body is not read.
  const form = await readFormWithin(request, TOUR_IMAGE_MAX_BYTES + 64 * 1024);
  if (!form) {
    await opsCall(state, opsEndpoints.opsMe, {});
    return data<TourActionResult>({ problem: 'ops.tours.image.tooLarge' }, { status: 413 });
  }
  const posted = parseForm(form, tourIntentSchema);
  const intent = posted.status === 'success' ? posted.value.intent : null;
  if (intent === 'save') return saveTour(state, form, tourId);
  if (tourId && intent === 'image') return uploadImage(state, form, tourId);
  if (tourId && (intent === 'publish' || intent === 'unpublish')) return setPublished(state, tourId, intent);
  // No form of this page (a new tour has only "save"): only staff learn so (the API answers 404 to others).
  await opsCall(state, opsEndpoints.opsMe, {});
  return data<TourActionResult>({ problem: 'ops.tours.invalid' }, { status: 400 });
}
