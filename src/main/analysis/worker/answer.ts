import type { AnalysisModel } from '../analysis-model';
import type { AnalysisRequest, AnalysisResponse } from './protocol';

/**
 * Answers one request with the model. Whatever the model throws comes back as a failed answer
 * for that request alone: the worker and what it computed stay.
 */
export function answer(
  model: AnalysisModel,
  request: AnalysisRequest,
  now: () => Date,
): AnalysisResponse {
  try {
    return { id: request.id, ok: true, value: ask(model, request, now) };
  } catch (error) {
    return { id: request.id, ok: false, message: errorMessage(error) };
  }
}

function ask(model: AnalysisModel, request: AnalysisRequest, now: () => Date): unknown {
  switch (request.kind) {
    case 'refresh':
      return model.refresh(request.changed);
    case 'event':
      return model.event(request.eventId);
    case 'team':
      return model.team(request.teamNumber, request.season, now());
    case 'season':
      return model.season(request.season);
    case 'whatIf':
      return model.whatIf(request.input);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
