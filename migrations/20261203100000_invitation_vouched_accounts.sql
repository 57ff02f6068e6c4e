-- An invitation's code was also seen by whoever sent it, so it proves nothing about the
-- mailbox. An account made from an invitation's link is no longer verified by it: it records
-- the invitation it came with, may sign in and accept that one invitation, and counts as a
-- verified mailbox for nothing else until a verification mail is answered.
ALTER TABLE users ADD COLUMN vouched_by_invitation uuid;
