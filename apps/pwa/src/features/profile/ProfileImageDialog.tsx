import { PROFILE_IMAGE_SIZE } from '@simvisit/schema';
import { Alert, Button, Modal } from '@simvisit/ui';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { errorMessage, isApiError } from '../../lib/api';
import { notify } from '../../platform/notices';
import { useSessionUpdater } from '../../platform/session';
import { useSyncState } from '../../platform/sync';
import { OFFLINE_NOTE } from './EditableRow';
import { uploadProfileImage } from './profile-api';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const NOT_AN_IMAGE = 'This file could not be read as an image. Please choose a PNG, JPEG, GIF or WebP picture.';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(NOT_AN_IMAGE));
    image.src = src;
  });
}

/** The chosen square of the picture (natural pixels) drawn at 300x300 and encoded as PNG (spec 000 §9). */
export async function cropToPng(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = PROFILE_IMAGE_SIZE;
  canvas.height = PROFILE_IMAGE_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop images.');
  context.imageSmoothingQuality = 'high';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The cropped image could not be made.'))), 'image/png');
  });
}

export interface ProfileImageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Update Profile Image': choose a picture, move it (drag, or the arrow keys on the crop area) and zoom (the
 * slider, or the wheel) inside a square, and upload the 300x300 PNG (POST api/auth/user/update-profile-image).
 */
export default function ProfileImageDialog({ open, onOpenChange }: ProfileImageDialogProps) {
  const ids = useId();
  const { online } = useSyncState();
  const { refresh } = useSessionUpdater();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // The object URL of the chosen file lives as long as it is shown.
  useEffect(() => {
    if (!source) return;
    return () => URL.revokeObjectURL(source);
  }, [source]);

  function reset() {
    setSource(null);
    setCrop({ x: 0, y: 0 });
    setZoom(MIN_ZOOM);
    setArea(null);
    setProblem(null);
  }

  function changeOpen(next: boolean) {
    if (saving) return;
    if (!next) reset();
    onOpenChange(next);
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    reset();
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setProblem(NOT_AN_IMAGE);
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      await loadImage(url);
      setSource(url);
    } catch (error) {
      URL.revokeObjectURL(url);
      setProblem(errorMessage(error));
    }
  }

  async function save() {
    if (!source || !area || saving || !online) return;
    setSaving(true);
    setProblem(null);
    try {
      const png = await cropToPng(source, area);
      const { message } = await uploadProfileImage(png);
      await refresh();
      notify({ title: message, icon: 'success', color: 'green' });
      reset();
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.sessionEnded) return;
      setProblem((isApiError(error) && error.fieldError('image')) || errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title="Update Profile Image"
      description="Choose a picture, then drag it and zoom so your face fills the square."
      className="max-w-xl"
      footer={
        <>
          {!online ? (
            <p role="status" className="mr-auto self-center text-sm text-amber-800">
              {OFFLINE_NOTE}
            </p>
          ) : null}
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={!source || !area || saving || !online}>
            {saving ? 'Uploading…' : 'Save Image'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={`${ids}-file`} className="block text-sm font-medium text-slate-700">
            Image file
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(e) => void choose(e)}
            disabled={saving}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
          />
        </div>
        {source ? (
          <>
            <div className="relative h-72 w-full overflow-hidden rounded-lg bg-slate-900 sm:h-80">
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                minZoom={MIN_ZOOM}
                maxZoom={MAX_ZOOM}
                aspect={1}
                cropShape="rect"
                showGrid
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_percent, pixels) => setArea(pixels)}
                cropperProps={{ role: 'group', 'aria-label': 'Crop area: drag the picture or use the arrow keys to move it' }}
              />
            </div>
            <div className="space-y-1.5">
              <label htmlFor={`${ids}-zoom`} className="block text-sm font-medium text-slate-700">
                Zoom
              </label>
              <input
                id={`${ids}-zoom`}
                type="range"
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={0.05}
                value={zoom}
                onChange={(e) => setZoom(Number(e.target.value))}
                className="w-full accent-brand-600"
              />
            </div>
          </>
        ) : null}
        {problem ? (
          <Alert tone="danger" role="alert">
            {problem}
          </Alert>
        ) : null}
      </div>
    </Modal>
  );
}
