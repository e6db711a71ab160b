// Research jobs for the sidebar: src/core/research/jobs.ts with the adapters (researchPorts), the current user and
// their settings; after each change the user's background trigger follows their work.
import { UserError } from '../core/user-error';
import { showSheet } from '../adapters/spreadsheet';
import type { JobSummary, ResearchRequest } from '../core/contract';
import { cancelJob, listJobs, pollFromSidebar, requireJob, startJob } from '../core/research/jobs';
import { JobRegistry, toJobSummary } from '../core/research/registry';
import { readOnce } from '../core/store-snapshot';
import { documentStore, userStore } from '../adapters/properties';
import { arrangeBackgroundWork, backgroundProblem } from './background';
import { researchPorts } from './research-work';
import { currentSettings } from './settings';
import { currentUserId, knownUserId } from './user';

export function startResearch(request: ResearchRequest): JobSummary {
  const { job, setupFailure } = startJob(researchPorts(), request, currentSettings(), () => currentUserId());
  arrangeBackgroundWork();
  return toJobSummary(job, setupFailure ?? backgroundProblem());
}

/** Reads each property store once: the document's (jobs and failures) and the user's (their id and problem). */
export function listResearchJobs(): JobSummary[] {
  const mine = readOnce(userStore());
  return listJobs(readOnce(documentStore()), knownUserId(mine), () => backgroundProblem(mine));
}

/** The sidebar's poll: the given job, or every unfinished one, with the current user's key. */
export function pollResearch(jobId?: string): JobSummary[] {
  pollFromSidebar(researchPorts(), jobId, () => currentUserId(), currentSettings);
  arrangeBackgroundWork();
  return listResearchJobs();
}

export function cancelResearch(jobId: string): JobSummary {
  if (cancelJob(researchPorts(), jobId, () => currentUserId(), currentSettings)) arrangeBackgroundWork();
  return listResearchJobs().find((summary) => summary.jobId === jobId)!;
}

export function openResearchSheet(jobId: string): void {
  const job = requireJob(new JobRegistry(documentStore()), jobId);
  if (!showSheet(job.sheetName)) throw new UserError(`The results sheet "${job.sheetName}" was deleted or renamed.`);
}
