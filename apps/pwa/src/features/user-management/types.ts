import type { ROLE_BOXES, trainingStatus, UserDetailResponse } from '@simvisit/schema';

export type { UserDetailResponse };
export type UserDetail = UserDetailResponse['user'];
export type ActivityItem = UserDetail['interviews'][number];
export type PartnerRef = UserDetailResponse['partners'][number];
export type RoleBox = (typeof ROLE_BOXES)[number];
export type TrainingStatus = ReturnType<typeof trainingStatus>;
