import { fullName } from '@simvisit/schema';

/** How recruitment shows a person: name, email, image (and experience for a trainer). */
export function personOf(u: { id: number; first_name: string; last_name: string; email: string; image: string | null }) {
  return { id: u.id, name: fullName(u), email: u.email, image: u.image };
}

export function trainerOf(u: {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  image: string | null;
  experience: string | null;
}) {
  return { ...personOf(u), experience: u.experience };
}
