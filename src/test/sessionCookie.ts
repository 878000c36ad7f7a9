/** Test helpers: a `ci_hp` value (JWT header.payload, no signature) as the API sets it. */
const base64Url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const sessionToken = (claims: Partial<{ sub: string; email: string; roles: string[]; account_id: number | null; exp: number }> = {}) =>
  `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({
    sub: '1',
    email: 'owner@example.com',
    roles: ['ROLE_USER'],
    account_id: 7,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  })}`;

export const setSessionCookie = (token: string) => {
  document.cookie = `ci_hp=${token}; Path=/`;
};

export const clearSessionCookie = () => {
  document.cookie = 'ci_hp=; Max-Age=0; Path=/';
};
