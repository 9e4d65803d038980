import { Alert, Button, cn, Modal, Spinner } from '@simvisit/ui';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { usePatientImages } from './scenario-api';

/** Only same-origin library paths are shown as images (the library serves /patient-images/*.svg). */
export function patientImageSrc(location: unknown): string | null {
  return typeof location === 'string' && location.startsWith('/') && !location.startsWith('//') ? location : null;
}

/**
 * The patient image of the scenario and the picker of spec 001 §2 ('Select An Image'): a modal grid of the
 * patient image library (GET api/patient-images).
 */
export function ImagePicker({
  value,
  disabled,
  onSelect,
  labelId,
}: {
  value: string | null;
  disabled: boolean;
  onSelect: (location: string) => void;
  labelId: string;
}) {
  const [open, setOpen] = useState(false);
  const images = usePatientImages(open);
  const src = patientImageSrc(value);
  return (
    <div className="flex items-center gap-4">
      {src ? (
        <img
          src={src}
          alt="Patient"
          className="size-24 rounded-lg border border-slate-200 bg-slate-50 object-cover"
          data-testid="patient-image"
        />
      ) : (
        <div className="flex size-24 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-xs text-slate-500">
          No image
        </div>
      )}
      {disabled ? null : (
        <Button variant="secondary" onClick={() => setOpen(true)} aria-describedby={labelId}>
          Select An Image
        </Button>
      )}
      <Modal open={open} onOpenChange={setOpen} title="Select An Image" className="max-w-3xl">
        {images.isPending ? (
          <Spinner label="Loading images" />
        ) : images.isError ? (
          <Alert tone="danger" role="alert">
            {errorMessage(images.error)}
          </Alert>
        ) : images.data.images.length === 0 ? (
          <p>The image library is empty.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Patient images">
            {images.data.images.map((image) => {
              const selected = image.location === value;
              return (
                <li key={image.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => {
                      onSelect(image.location);
                      setOpen(false);
                    }}
                    className={cn(
                      'flex w-full flex-col items-center gap-1 rounded-lg border p-2 text-xs hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-500',
                      selected ? 'border-brand-600 ring-2 ring-brand-200' : 'border-slate-200',
                    )}
                  >
                    {patientImageSrc(image.location) ? (
                      <img
                        src={patientImageSrc(image.location) ?? undefined}
                        alt=""
                        className="aspect-square w-full rounded object-cover"
                      />
                    ) : null}
                    <span className="text-slate-700">{image.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Modal>
    </div>
  );
}
