import {
  type AddRegistrationFieldRequest,
  partnersApi,
  registrationFieldsApi,
  type UpdateRegistrationFieldsRequest,
} from '@simvisit/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api';

/** Every partner, for the dropdown (GET api/partner answers all of them to a super admin). */
export function usePartnerChoices() {
  return useQuery({ queryKey: ['registration-fields', 'partners'], queryFn: () => apiCall(partnersApi.list) });
}

export function registrationFieldsQuery(partnerId: number) {
  return queryOptions({
    queryKey: ['registration-fields', partnerId],
    queryFn: () => apiCall(registrationFieldsApi.list, { params: { partnerId } }),
  });
}

export function useRegistrationFields(partnerId: number | null) {
  return useQuery({ ...registrationFieldsQuery(partnerId ?? 0), enabled: partnerId !== null });
}

export function addRegistrationField(partnerId: number, body: AddRegistrationFieldRequest) {
  return apiCall(registrationFieldsApi.add, { params: { partnerId }, body });
}

export function removeRegistrationField(id: number, userId: number) {
  return apiCall(registrationFieldsApi.remove, { params: { id }, body: { user_id: userId } });
}

export function updateRegistrationFields(body: UpdateRegistrationFieldsRequest) {
  return apiCall(registrationFieldsApi.update, { body });
}
