// Words the auth screens share.
export const CANT_REACH = "Can't reach the server — check your connection and try again";
