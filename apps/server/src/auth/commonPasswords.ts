/**
 * Passwords and password stems that appear near the top of every published breach list, compiled by
 * hand for this project. Entries are lower case. A password is refused when, folded to lower case, it
 * is an entry, or an entry with digits and symbols around it ("Password2024!", "123dragon!!!").
 * Short stems are here for that second rule; the 10-character minimum already stops them alone.
 */
const LIST = `
password passw0rd p@ssword p@ssw0rd pa55word pass123 mypassword yourpassword newpassword oldpassword
passwort motdepasse contrasena senha parola wachtwoord salasana haslo
qwerty qwertz azerty qwertyui qwertyuiop qwertyuiop123 asdf asdfgh asdfghjk asdfghjkl asdfasdf
zxcvbn zxcvbnm qazwsx qazwsxedc qazxsw 1qaz2wsx 1qaz2wsx3edc zaq12wsx zaq1zaq1 xsw2zaq1
1q2w3e 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 qweasd qweasdzxc
qwe123 qweqwe 123qwe 123qweasd 123qweasdzxc qwerty123 qwerty123456 123456qwerty asd123 zxc123
abc abcd abcde abcdef abcdefg abcdefgh abcdefghi abcdefghij abcdefghijk abc123 abcd1234 abcde12345
a1b2c3 a1b2c3d4 a1b2c3d4e5 aa12345678 a123456789 123456789a 1234567890a
1234567890 0987654321 0123456789 9876543210 12345678910 1234512345 1234554321 1122334455
1029384756 1472583690 123123123 123123123123 1212121212 1231231231 1234567899 1234567891
12344321 1234qwer 12qwaszx 147258369 159753 159357 741852963 789456123 789456 456789 147852
iloveyou iloveyou1 iloveyou123 iloveu loveyou loveyouforever iloveyouforever love lovely loveme
lover lovers loveu mylove trustno1 letmein letmeinnow opensesame welcome welcome1 welcome123
hello helloworld hellohello hello123 hithere goodbye whatever nothing anything something
admin admin123 admin12345 administrator root toor login master masterkey access accessdenied
secret secure security private public system server database default changeme changeit
guest test test123 tester testing testtest temp temporary sample example demo
dragon monkey shadow sunshine princess superman batman spiderman ironman pokemon starwars
football baseball basketball soccer hockey tennis golfer cricket rugby boxing
michael jennifer jordan hunter killer charlie daniel thomas robert jessica ashley nicole
michelle matthew andrew joshua anthony william jonathan elizabeth samantha christopher
justin george maggie buster tigger ginger pepper cookie chocolate summer winter spring autumn
flower orange banana apple cheese chicken purple yellow silver golden diamond
angel angels baby babygirl sweety sweetheart butterfly freedom liberty
liverpool chelsea arsenal manchester barcelona realmadrid juventus
maverick phoenix falcon eagle tiger lakers cowboys yankees redsox steelers packers patriots
mustang harley ranger nascar ferrari porsche mercedes corvette
matrix hacker ninja samurai warrior wizard merlin gandalf legend genius monster iceman
rockstar rocknroll metallica nirvana slipknot zeppelin beatles
google facebook youtube microsoft windows linux samsung iphone nokia computer internet
blink182 myspace friends family forever together jesus christ heaven blessed
zaq123 poiuytrewq mnbvcxz lkjhgfdsa ytrewq asdfjkl qwerasdf
correcthorsebatterystaple
salient wargame wargames battle soldier general napoleon waterloo verdun somme
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
