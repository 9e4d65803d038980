import { isTimeZone, type LookupItem, type LookupName, lookupCalls, lookupListSchema, lookupsApi } from '@simvisit/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, isConnectionError } from './api';
import { readCached, writeCached } from './offline-cache';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A lookup list of spec 000 §7 (GET api/<name>). Reference data, the same for everyone: kept on the device
 * so pages that need it (the time zone of availability) work offline.
 */
export function lookupQuery(name: LookupName) {
  const key = `lookups:${name}`;
  return queryOptions({
    queryKey: ['lookups', name],
    queryFn: async () => {
      try {
        const list = await apiCall(lookupCalls[name].list);
        writeCached(key, list);
        return list;
      } catch (error) {
        const saved = isConnectionError(error) ? readCached(key, lookupListSchema) : null;
        if (saved) return saved;
        throw error;
      }
    },
    initialData: () => readCached(key, lookupListSchema) ?? undefined,
    // The saved copy shows at once and is refreshed in the background at most daily.
    initialDataUpdatedAt: 0,
    staleTime: DAY,
  });
}

export function useLookup(name: LookupName): LookupItem[] | undefined {
  return useQuery(lookupQuery(name)).data;
}

/**
 * The options of a registration select field (GET api/registration-select-values/{field}). The signed-in
 * user's answer already lists them (`answers`), which shows at once and stands in when offline.
 */
export function registrationSelectValuesQuery(fieldId: number, known: LookupItem[] = []) {
  return queryOptions({
    queryKey: ['lookups', 'registration-select-values', fieldId],
    queryFn: async () => {
      try {
        return await apiCall(lookupsApi.registrationSelectValues, { params: { field: fieldId } });
      } catch (error) {
        if (isConnectionError(error) && known.length) return known;
        throw error;
      }
    },
    placeholderData: known.length ? known : undefined,
    staleTime: DAY,
  });
}

export function useRegistrationSelectValues(fieldId: number, known: LookupItem[] = []): LookupItem[] {
  return useQuery(registrationSelectValuesQuery(fieldId, known)).data ?? known;
}

/** The IANA zone of the user's timezone_id (api/timezones' short_name), or null when unknown. */
export function useUserTimeZone(timezoneId: number | null): string | null {
  const zones = useLookup('timezones');
  if (timezoneId === null || !zones) return null;
  const zone = zones.find((z) => z.id === timezoneId)?.short_name ?? null;
  return zone && isTimeZone(zone) ? zone : null;
}
