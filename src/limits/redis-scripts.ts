// The Lua run inside Redis for limits and the running lock. Each script is one atomic step, so
// instances sharing a Redis never interleave between a check and its write. Kept as strings here
// because tsc copies only .ts files into dist/.
//
// Every script takes the time as its last argument: empty means "use Redis's own clock" (the
// production case: one clock for every instance, so skewed hosts still agree on window edges);
// a number is a test clock in epoch milliseconds.

const CLOCK = `
local function clock(given)
  local t = tonumber(given)
  if t then return t end
  local now = redis.call('TIME')
  return tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
end
`;

/**
 * Fixed minute and hour windows for one key, kept in one hash (start and count per window).
 * KEYS[1] = the key's window hash; ARGV = perMinute, perHour, count ('1' counts, '0' peeks), now.
 * Admits only when both windows have room, then counts in both. Returns, per window (minute,
 * hour): count after this request, milliseconds to reset, 1 if full before it; admitted first.
 */
export const ADMIT_SCRIPT = `${CLOCK}
local now = clock(ARGV[4])
local limits = { tonumber(ARGV[1]), tonumber(ARGV[2]) }
local lengths = { 60000, 3600000 }
local fields = { 'm', 'h' }
local starts, counts, full = {}, {}, {}
local anyFull = false
for i = 1, 2 do
  local start = now - (now % lengths[i])
  local stored = redis.call('HMGET', KEYS[1], fields[i] .. 's', fields[i] .. 'c')
  local count = 0
  -- a window that rolled over counts as empty, whether or not the hash has expired yet
  if tonumber(stored[1]) == start then count = tonumber(stored[2]) or 0 end
  starts[i] = start
  counts[i] = count
  full[i] = 0
  if count >= limits[i] then full[i] = 1; anyFull = true end
end
local admitted = 0
if ARGV[3] == '1' and not anyFull then
  admitted = 1
  for i = 1, 2 do
    counts[i] = counts[i] + 1
    redis.call('HSET', KEYS[1], fields[i] .. 's', string.format('%d', starts[i]), fields[i] .. 'c', counts[i])
  end
  -- the hour window outlives the minute one: the hash is dropped once it rolls over
  redis.call('PEXPIRE', KEYS[1], string.format('%d', starts[2] + lengths[2] - now + 1000))
end
return { admitted,
  counts[1], starts[1] + lengths[1] - now, full[1],
  counts[2], starts[2] + lengths[2] - now, full[2] }
`;

// The lock's value is "<token>:<expires ms>": SET ... PX gives the real expiry (an instance that
// dies leaves nothing behind), the recorded expiry lets a test clock drive the same code path.
const LEASE = `
local function lease_expiry(held)
  if not held then return nil end
  return tonumber(string.match(held, ':(%d+)$'))
end
local function lease_token(held)
  if not held then return nil end
  return string.match(held, '^([^:]*):')
end
`;

/**
 * Takes the lock when nobody holds an unexpired lease. KEYS[1] = lock key; ARGV = token, lease ms, now.
 * Returns 1 when taken, 0 when held.
 */
export const ACQUIRE_SCRIPT = `${CLOCK}${LEASE}
local now = clock(ARGV[3])
local lease = tonumber(ARGV[2])
local expires = lease_expiry(redis.call('GET', KEYS[1]))
if expires and expires > now then return 0 end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. string.format('%d', now + lease), 'PX', lease)
return 1
`;

/**
 * Extends the lease only if ARGV[1] still owns it (compare-and-pexpire). ARGV = token, lease ms, now.
 * Returns 1 when extended, 0 when the token no longer owns the lock.
 */
export const RENEW_SCRIPT = `${CLOCK}${LEASE}
local now = clock(ARGV[3])
local lease = tonumber(ARGV[2])
local held = redis.call('GET', KEYS[1])
local expires = lease_expiry(held)
if lease_token(held) ~= ARGV[1] or not expires or expires <= now then return 0 end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. string.format('%d', now + lease), 'PX', lease)
return 1
`;

/** Deletes the lock only if ARGV[1] still owns it (compare-and-delete). Returns 1 when deleted. */
export const RELEASE_SCRIPT = `${LEASE}
if lease_token(redis.call('GET', KEYS[1])) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;
