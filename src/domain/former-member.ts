/**
 * The id that stands for a person who deleted their account wherever a row must name someone
 * (a task's created_by; the server's daybook_private.former_member()): the nil uuid, which no
 * account has. Shown as "Former member".
 */
export const FORMER_MEMBER_ID = '00000000-0000-0000-0000-000000000000';
export const FORMER_MEMBER_NAME = 'Former member';
