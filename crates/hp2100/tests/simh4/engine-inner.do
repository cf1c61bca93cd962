echo in inner
bogus
echo inner goes on
