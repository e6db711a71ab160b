// Server functions the sidebar needs beyond CONTRACT §4. Plain JSON values only, like ServerFunctions.

export interface SidebarExtras {
  /**
   * Activates the results sheet of a research job of this document, so the user sees its rows.
   * Throws a readable error when the job is unknown or its sheet was deleted or renamed away.
   */
  openResearchSheet(jobId: string): void;
}
