/** Log entries about due times (issue 26) are read by staff and the contractor, not the tenant (a comment visibility). */
export const DUE_LOG_VISIBILITY = 'contractor';
