import { deviceDataChanged, IMPORT_TOPIC, importErrors, importStatus } from '#src/api/deviceAdmin';
import { lazyChunk } from '#src/app/registry';

const ImportJob = lazyChunk(() => import('#src/components/ImportJob'));

/**
 * The equipment area's Excel import (models, devices, data points): a job on the server, its progress pushed by
 * the live channel (polled while it is down) until it ends.
 * A job that wrote rows makes the area's pickers and trees stale, then calls `onDone` (the screen's list).
 * Render it inside a Suspense: the dialog is a lazy chunk.
 */
export function AreaImport({
  action,
  templateUrl,
  templateName,
  onClose,
  onDone,
}: {
  action: string;
  templateUrl: string;
  templateName: string;
  onClose(): void;
  onDone(): void;
}) {
  return (
    <ImportJob
      open
      onClose={onClose}
      action={action}
      templateUrl={templateUrl}
      templateName={templateName}
      status={importStatus}
      errors={importErrors}
      topic={IMPORT_TOPIC}
      onDone={() => {
        void deviceDataChanged();
        onDone();
      }}
    />
  );
}
