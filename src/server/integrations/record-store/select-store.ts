import type { Config } from "../../config";
import { createLocalRecordStore } from "./local-store";
import type { RecordStore } from "./record-store";
import { createS3RecordStore } from "./s3-store";

/** The S3-compatible bucket when RECORDS_S3_BUCKET is set, else the local folder DATA_DIR/records. */
export function selectRecordStore(config: Config): RecordStore {
  const { s3, localDir } = config.records;
  return s3 ? createS3RecordStore(s3) : createLocalRecordStore(localDir);
}
