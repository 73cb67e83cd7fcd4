/**
 * What Comet tells both parties about a stored work file before anyone takes it (issue 60, decision 096): read from
 * the file's own structures with Range reads (a ZIP's central directory, a PSD's header, a glTF's JSON chunk), never
 * by unpacking it. Kept beside the object (table `file_facts`) with the SHA-256 the uploader's browser computed.
 */

/** One entry of a ZIP's table of contents, as its central directory states it. */
export interface ZipEntry {
  name: string;
  /** Uncompressed size in bytes. */
  size: number;
  compressedSize: number;
  directory: boolean;
  /**
   * A name that would reach outside the folder it is unpacked into (`..`, an absolute path) or hides what it is (NUL,
   * control or bidirectional characters): listed as it is, and flagged for the reader. Comet never unpacks it.
   */
  unsafeName?: true;
  /** Encrypted (a password is needed to unpack it). */
  encrypted?: true;
}

export interface ZipListing {
  /** The first entries in directory order (at most ZIP_LISTING_SHOWN_MAX); `totalEntries` counts them all. */
  entries: ZipEntry[];
  totalEntries: number;
  /** Sum of the entries' uncompressed sizes. */
  totalSize: number;
}

export interface PsdSummary {
  format: "psd" | "psb";
  width: number;
  height: number;
  /** Layers in the layer info section; null when the file has none recorded (a flattened image). */
  layers: number | null;
}

export interface ModelSummary {
  /** A VRM avatar (glTF binary naming VRM's extension), not a plain GLB. */
  vrm: boolean;
  /** Which VRM: 0.x (extension "VRM") or 1.0 ("VRMC_vrm"); absent for a plain GLB. */
  vrmVersion?: "0.x" | "1.0";
}

export interface FileDetails {
  zip?: ZipListing;
  psd?: PsdSummary;
  model?: ModelSummary;
}
