<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="stawka_city" tilewidth="32" tileheight="32" tilecount="128" columns="16">
 <image source="../../assets/tiles/stawka/stawka_city.png" width="512" height="256"/>
 <tile id="0">
  <properties>
    <property name="art" value="paper"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
    <property name="art" value="landmark"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
    <property name="art" value="monument"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
    <property name="art" value="field"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="6"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="7"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="8"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="9"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="11"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="13"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="14"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
    <property name="art" value="block"/>
    <property name="mask" type="int" value="15"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="6"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="7"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="8"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="9"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="11"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="13"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="14"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
    <property name="art" value="park"/>
    <property name="mask" type="int" value="15"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="6"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="7"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="8"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="9"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="11"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="13"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="14"/>
  </properties>
 </tile>
 <tile id="63">
  <properties>
    <property name="art" value="water"/>
    <property name="mask" type="int" value="15"/>
  </properties>
 </tile>
 <tile id="64">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="65">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="66">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="67">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="68">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="69">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="70">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="6"/>
  </properties>
 </tile>
 <tile id="71">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="7"/>
  </properties>
 </tile>
 <tile id="72">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="8"/>
  </properties>
 </tile>
 <tile id="73">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="9"/>
  </properties>
 </tile>
 <tile id="74">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="75">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="11"/>
  </properties>
 </tile>
 <tile id="76">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="77">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="13"/>
  </properties>
 </tile>
 <tile id="78">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="14"/>
  </properties>
 </tile>
 <tile id="79">
  <properties>
    <property name="art" value="road"/>
    <property name="mask" type="int" value="15"/>
  </properties>
 </tile>
 <tile id="80">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="81">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="82">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="83">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="84">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="85">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="86">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="6"/>
  </properties>
 </tile>
 <tile id="87">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="7"/>
  </properties>
 </tile>
 <tile id="88">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="8"/>
  </properties>
 </tile>
 <tile id="89">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="9"/>
  </properties>
 </tile>
 <tile id="90">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="91">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="11"/>
  </properties>
 </tile>
 <tile id="92">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="93">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="13"/>
  </properties>
 </tile>
 <tile id="94">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="14"/>
  </properties>
 </tile>
 <tile id="95">
  <properties>
    <property name="art" value="rail"/>
    <property name="mask" type="int" value="15"/>
  </properties>
 </tile>
 <tile id="96">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="97">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="98">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="99">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="100">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="101">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="102">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="6"/>
  </properties>
 </tile>
 <tile id="103">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="7"/>
  </properties>
 </tile>
 <tile id="104">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="8"/>
  </properties>
 </tile>
 <tile id="105">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="9"/>
  </properties>
 </tile>
 <tile id="106">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="107">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="11"/>
  </properties>
 </tile>
 <tile id="108">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="109">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="13"/>
  </properties>
 </tile>
 <tile id="110">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="14"/>
  </properties>
 </tile>
 <tile id="111">
  <properties>
    <property name="art" value="german_path"/>
    <property name="mask" type="int" value="15"/>
  </properties>
 </tile>
 <tile id="112">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="113">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="114">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="115">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="116">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="117">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="118">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="6"/>
  </properties>
 </tile>
 <tile id="119">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="7"/>
  </properties>
 </tile>
 <tile id="120">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="8"/>
  </properties>
 </tile>
 <tile id="121">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="9"/>
  </properties>
 </tile>
 <tile id="122">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="123">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="11"/>
  </properties>
 </tile>
 <tile id="124">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="125">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="13"/>
  </properties>
 </tile>
 <tile id="126">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="14"/>
  </properties>
 </tile>
 <tile id="127">
  <properties>
    <property name="art" value="polish_path"/>
    <property name="mask" type="int" value="15"/>
  </properties>
 </tile>
 <wangsets>
  <wangset name="block" type="edge" tile="31">
   <wangcolor name="block" color="#a3262a" tile="31" probability="1"/>
   <wangtile tileid="16" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="17" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="18" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="19" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="20" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="21" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="22" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="23" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="24" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="25" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="26" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="27" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="28" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="29" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="30" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="31" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="park" type="edge" tile="47">
   <wangcolor name="park" color="#a3262a" tile="47" probability="1"/>
   <wangtile tileid="32" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="33" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="34" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="35" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="36" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="37" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="38" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="39" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="40" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="41" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="42" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="43" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="44" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="45" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="46" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="47" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="water" type="edge" tile="63">
   <wangcolor name="water" color="#a3262a" tile="63" probability="1"/>
   <wangtile tileid="48" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="49" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="50" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="51" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="52" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="53" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="54" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="55" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="56" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="57" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="58" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="59" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="60" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="61" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="62" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="63" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="road" type="edge" tile="79">
   <wangcolor name="road" color="#a3262a" tile="79" probability="1"/>
   <wangtile tileid="64" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="65" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="66" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="67" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="68" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="69" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="70" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="71" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="72" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="73" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="74" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="75" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="76" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="77" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="78" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="79" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="rail" type="edge" tile="95">
   <wangcolor name="rail" color="#a3262a" tile="95" probability="1"/>
   <wangtile tileid="80" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="81" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="82" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="83" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="84" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="85" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="86" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="87" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="88" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="89" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="90" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="91" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="92" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="93" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="94" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="95" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="german_path" type="edge" tile="111">
   <wangcolor name="german_path" color="#a3262a" tile="111" probability="1"/>
   <wangtile tileid="96" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="97" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="98" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="99" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="100" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="101" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="102" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="103" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="104" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="105" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="106" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="107" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="108" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="109" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="110" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="111" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
  <wangset name="polish_path" type="edge" tile="127">
   <wangcolor name="polish_path" color="#a3262a" tile="127" probability="1"/>
   <wangtile tileid="112" wangid="0,0,0,0,0,0,0,0"/>
   <wangtile tileid="113" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="114" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="115" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="116" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="117" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="118" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="119" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="120" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="121" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="122" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="123" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="124" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="125" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="126" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="127" wangid="1,0,1,0,1,0,1,0"/>
  </wangset>
 </wangsets>
</tileset>
