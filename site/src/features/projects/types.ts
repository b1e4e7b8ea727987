import type { ProjectSubmissionResponse } from '@studio/shared/schemas/project';

export interface ProjectSubmission {
  name: string;
  email: string;
  /** The service's title, as the spec sends it. */
  service: string;
  notes: string;
  timeline: string;
  budget: string;
  files: File[];
}

/** Bytes sent so far of the whole request (multipart framing included). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface SubmittedProject extends ProjectSubmissionResponse {
  service: { id: string; title: string; hasPaymentPrice: boolean };
}
