// 'Comment submitted!' shows for 2 s.
const sent = document.querySelector('[data-comment-sent]');
if (sent) setTimeout(() => sent.remove(), 2000);
