/**
 * The forensics module's one door (issue 38 item 3, "forensic watermark"): B segments beside each
 * video rendition's A segments, each buyer's playlist choosing A or B per segment by a code word of
 * their account, and the identification of the account a leaked copy came from. Another module, a
 * route, a plugin or a script imports only this file of the module.
 */
export { codeSigns, forensicKey, variantOf, type ForensicKey, type Variant } from './codeword';
export { B_FOLDER, mayFetchSegment, rewritePlaylist, segmentDurations, variantUri, watermarkPlaylist } from './forensic-playlist';
export { DEFAULT_STRENGTH, makeVariants, patternGraph, type VariantsMade } from './variants';
export { openLocalReference, SIGNATURE_FILE, writeReferenceSignature, type ForensicReference, type ReferenceSignature } from './reference';
export {
  ANALYSIS_SIZE,
  identify,
  type CannotSayReason,
  type Identification,
  type IdentificationEvidence,
  type IdentifyOptions,
} from './identify';
export { DEFAULT_FALSE_NAME_BOUND, signTail } from './score';
export { createForensicUploadServer, FORENSIC_UPLOAD_MAX_BYTES, FORENSIC_UPLOADS_PATH, type ForensicUploadServer } from './forensic-uploads';
export { getIdentification, IDENTIFY_QUEUE, type IdentifyJob, listIdentifications, startIdentification } from './identifications';
export { evidenceOf, IDENTIFY_RETRY, startIdentifier } from './identify-job';
export { openStoredReference } from './storage-reference';
export { revokeFromIdentification } from './revocation';
export { accessRevokedMail } from './mails';
export { FORENSICS_MESSAGES } from './messages';
