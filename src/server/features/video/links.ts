/** The patient's link to the video page, and the doctor's, which carries the host key that makes it a moderator's. */
export function roomLinks(
  siteUrl: string,
  roomId: string,
  hostKey: string,
): { patient: string; host: string } {
  const patient = `${siteUrl}/video-consultation/${roomId}`;
  return { patient, host: `${patient}?key=${hostKey}` };
}
